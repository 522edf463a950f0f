package fake

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// IDs and image digests are written out by hand; they must stay those of
// the fmt and hash/fnv formulation they replace (transcripts show them).
func TestIDsKeepTheirFormat(t *testing.T) {
	r := New(sim.NewClock(sim.Epoch))
	for seq := uint64(1); seq <= 300; seq++ {
		kind := []string{"sandbox", "container"}[seq%2]
		h := fnv.New64a()
		fmt.Fprintf(h, "%s/%d", kind, seq)
		want := fmt.Sprintf("%013x", h.Sum64()>>12)
		if got := r.nextID(kind); got != want {
			t.Fatalf("nextID(%s) #%d = %s, want %s", kind, seq, got, want)
		}
	}
	for _, name := range []string{"", "nginx:1.25", "registry.example/app:v2", "busybox@sha256:0123"} {
		h := fnv.New64a()
		h.Write([]byte(name))
		want := fmt.Sprintf("sha256:%016x%016x", h.Sum64(), h.Sum64()^0x5bd1e995)
		if got := imageID(name); got != want {
			t.Errorf("imageID(%q) = %s, want %s", name, got, want)
		}
	}
}
