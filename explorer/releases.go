package explorer

import "github.com/kubexplorer/kubexplorer/core/releases"

// ReleasesReply lists the Kubernetes releases the explorer models, the one
// range (core/releases) every mechanism, the CLI and the page use.
type ReleasesReply struct {
	// Releases are minor releases, oldest first: "1.18", …, "1.37".
	Releases []string `json:"releases"`
	// Default is the release a surface starts with: the newest.
	Default string `json:"default"`
}

// Releases is the reply of the releases method.
func Releases() ReleasesReply {
	return ReleasesReply{Releases: releases.All(), Default: releases.Newest}
}

func init() {
	Register("releases", "the Kubernetes releases the explorer models, oldest first, and the default (the newest)",
		func(*Engine, Empty) (ReleasesReply, error) { return Releases(), nil })
}
