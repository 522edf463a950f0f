package kubelet_test

import (
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/scenario"
	"github.com/kubexplorer/kubexplorer/core/sim"
	"github.com/stretchr/testify/require"
)

// A deleted pod's last snapshot keeps the last object of the API server:
// its deletion timestamp and the status the kubelet wrote last.
func TestDeletedPodKeepsLastStatus(t *testing.T) {
	for _, rel := range []string{"1.18", "1.37"} {
		t.Run(rel, func(t *testing.T) {
			sc, err := scenario.Parse([]byte(`release: "` + rel + `"
runtime: {presentImages: ["nginx:1.25"]}
pods:
- metadata: {name: web}
  spec:
    terminationGracePeriodSeconds: 5
    containers: [{name: app, image: "nginx:1.25"}]
timeline:
- at: 10s
  delete: {name: web}
`))
			require.NoError(t, err)
			s, err := sc.Build()
			require.NoError(t, err)
			s.RunUntil(sim.Epoch.Add(40 * time.Second))
			found := false
			for _, sn := range s.Kubelet.Trace(kubelet.Marks{}).Snapshots {
				for _, p := range sn.Pods {
					if !p.Deleted {
						continue
					}
					found = true
					require.Equal(t, "web", p.Metadata.Name)
					require.NotNil(t, p.Metadata.DeletionTimestamp)
					require.NotEmpty(t, p.Status.Phase)
					require.Len(t, p.Status.ContainerStatuses, 1)
					require.NotEmpty(t, p.Kubectl.Status)
				}
			}
			require.True(t, found, "no deleted snapshot")
		})
	}
}
