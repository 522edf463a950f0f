package tools

import clientfeatures "k8s.io/client-go/features"

func UseWatchList() bool { return clientfeatures.FeatureGates().Enabled(clientfeatures.WatchList) }
