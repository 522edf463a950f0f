package scenario

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/sim"
	"github.com/kubexplorer/kubexplorer/examples"
	_ "github.com/kubexplorer/kubexplorer/examples/kubelet"
)

// Snapshots share the pods' statuses instead of copying them, which holds
// only while no status is changed in place once written. Every example is
// played instant by instant: each snapshot must read, at the end, as it
// did when it was taken.
func TestSnapshotsDoNotChangeLater(t *testing.T) {
	names, err := examples.Names("kubelet", "")
	require.NoError(t, err)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src, err := examples.Read("kubelet", name)
			require.NoError(t, err)
			sc, err := Parse(src)
			require.NoError(t, err)
			s, err := sc.Build()
			require.NoError(t, err)
			until := sc.Until
			if until == 0 {
				until = 10 * time.Minute
			}
			var taken []string
			for {
				next, ok := s.Clock.Next()
				if !ok || next.After(sim.Epoch.Add(until)) {
					break
				}
				s.Step()
				for _, sn := range s.Kubelet.Trace(kubelet.Marks{Snapshots: len(taken)}).Snapshots {
					b, err := json.Marshal(sn)
					require.NoError(t, err)
					taken = append(taken, string(b))
				}
			}
			require.NotEmpty(t, taken)
			for i, sn := range s.Kubelet.Trace(kubelet.Marks{}).Snapshots {
				b, err := json.Marshal(sn)
				require.NoError(t, err)
				require.JSONEq(t, taken[i], string(b), "snapshot %d changed after it was taken", i)
			}
		})
	}
}
