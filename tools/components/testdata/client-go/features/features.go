package features

type Feature string

const (
	WatchList Feature = "WatchListClient"
	notAGate          = "x"
)

type Gates interface{ Enabled(Feature) bool }

var gates Gates

func FeatureGates() Gates { return gates }

var defaults = map[Feature]bool{WatchList: false}
