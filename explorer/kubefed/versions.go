package kubefed

import "github.com/kubexplorer/kubexplorer/core/kubefed/release"

// VersionsReply lists the kubefed releases the model covers: the versions a
// scenario's controlPlane.version and the load request's version accept.
type VersionsReply struct {
	// Versions are kubefed tags, oldest first: "v0.3.0", …, "v0.10.0".
	Versions []string `json:"versions"`
	// Default is the version a scenario without one runs: the newest.
	Default string `json:"default"`
}

// Versions is the reply of kubefed.versions.
func Versions() VersionsReply {
	return VersionsReply{Versions: append([]string(nil), release.Versions...), Default: release.Latest}
}
