package explorer

import "github.com/kubexplorer/kubexplorer/core/featuregate/catalog"

// ReleasesReply lists the Kubernetes releases the explorer models.
type ReleasesReply struct {
	// Releases are minor releases, oldest first: "1.18", ..., "1.37".
	Releases []string `json:"releases"`
	// Default is the release the page starts with: the newest.
	Default string `json:"default"`
}

func init() {
	Register("releases", "the Kubernetes releases the explorer models", func(*Engine, struct{}) (ReleasesReply, error) {
		rs := catalog.Releases()
		reply := ReleasesReply{Releases: rs}
		if len(rs) > 0 {
			reply.Default = rs[len(rs)-1]
		}
		return reply, nil
	})
}
