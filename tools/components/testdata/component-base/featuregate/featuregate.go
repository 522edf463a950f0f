package featuregate

type Feature string

type FeatureSpec struct{ Default bool }

type Gate interface{ Enabled(Feature) bool }
