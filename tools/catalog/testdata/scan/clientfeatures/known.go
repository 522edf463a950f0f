package clientfeatures

type Feature string

const (
	WatchListClient Feature = "WatchListClient"
)
