package gates

import (
	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// DiffRequest names two releases: what does upgrading from one to the
// other change in the gates a kubelet registers?
type DiffRequest struct {
	// From and To are required; From may be the later release (a
	// downgrade: the kinds then read in that direction).
	From string `json:"from"`
	To   string `json:"to"`
}

// DiffReply lists every gate that differs between two releases, from the
// catalogs alone (no kubelet's inputs): what an upgrade changes before any
// node is checked. A gate added and removed in between does not appear.
type DiffReply struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Changes are sorted by gate name.
	Changes []ReleaseChange `json:"changes"`
	// Counts is the number of changes of each kind.
	Counts map[catalog.ChangeKind]int `json:"counts"`
}

// ReleaseChange is one gate that differs between the releases: its kinds
// ("added", "removed", "promoted", "demoted", "deprecated",
// "defaultChanged", "locked", "unlocked", "dependenciesChanged"), the gate
// on each side (absent where the release does not register it), what it
// means in one line, and the components whose code reads it.
type ReleaseChange struct {
	catalog.GateChange
	Description string `json:"description"`
	// ReadBy lists the components whose code reads the gate in the To
	// release, or in the From release for a removed gate.
	ReadBy []Component `json:"readBy"`
}

// Diff compares the catalogs of two releases: the gates.diff method.
func Diff(r DiffRequest) (DiffReply, error) {
	from, a, err := releaseCatalog(r.From, InputFrom)
	if err != nil {
		return DiffReply{}, err
	}
	to, b, err := releaseCatalog(r.To, InputTo)
	if err != nil {
		return DiffReply{}, err
	}
	d := catalog.Compare(a, b)
	reply := DiffReply{From: from, To: to, Changes: make([]ReleaseChange, len(d.Changes)), Counts: d.Counts}
	readFrom, readTo := readers(from), readers(to)
	for i, c := range d.Changes {
		read := readTo(c.Name)
		if c.To == nil {
			read = readFrom(c.Name)
		}
		reply.Changes[i] = ReleaseChange{GateChange: c, Description: c.Describe(), ReadBy: read}
	}
	return reply, nil
}
