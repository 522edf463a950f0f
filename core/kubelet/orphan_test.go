package kubelet_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/scenario"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// A runtime pod that no pod worker knows and the pod manager does not want
// is killed by housekeeping with a 1 s grace, and so is one that shows up
// after housekeeping last found none.
func TestOrphanedRuntimePodsKilled(t *testing.T) {
	sc, err := scenario.Parse([]byte(`release: "1.37"
runtime: {presentImages: ["nginx:1.25"]}
pods:
- metadata: {name: web}
  spec: {containers: [{name: app, image: "nginx:1.25"}]}
`))
	require.NoError(t, err)
	s, err := sc.Build()
	require.NoError(t, err)
	rt := s.Runtime
	orphan := func(name string) string {
		ctx := context.Background()
		labels := map[string]string{cri.LabelPodName: name, cri.LabelPodNamespace: "default", cri.LabelPodUID: "uid-" + name}
		sbc := &cri.PodSandboxConfig{Metadata: cri.PodSandboxMetadata{Name: name, Namespace: "default", UID: "uid-" + name}, Labels: labels}
		sb, err := rt.RunPodSandbox(ctx, sbc, "")
		require.NoError(t, err)
		cl := map[string]string{cri.LabelContainerName: "app"}
		for k, v := range labels {
			cl[k] = v
		}
		id, err := rt.CreateContainer(ctx, sb, &cri.ContainerConfig{Metadata: cri.ContainerMetadata{Name: "app"}, Image: cri.ImageSpec{Image: "nginx:1.25"}, Labels: cl}, sbc)
		require.NoError(t, err)
		require.NoError(t, rt.StartContainer(ctx, id))
		return id
	}
	kills := func() []string {
		var out []string
		for _, l := range s.Kubelet.Trace(kubelet.Marks{}).Log {
			if strings.HasPrefix(l.Text, "killing orphaned runtime pod") {
				out = append(out, l.Text)
			}
		}
		return out
	}
	// Killed, then removed by the container garbage collector.
	gone := func(id string) bool {
		_, err := rt.ContainerStatus(context.Background(), id)
		return cri.IsNotFound(err)
	}
	first := orphan("stray")
	s.RunUntil(sim.Epoch.Add(30 * time.Second))
	assert.Equal(t, []string{"killing orphaned runtime pod default/stray (grace 1s)"}, kills())
	assert.True(t, gone(first))

	// Housekeeping has since found nothing to do, many times over.
	second := orphan("late")
	s.RunUntil(sim.Epoch.Add(60 * time.Second))
	assert.Equal(t, []string{"killing orphaned runtime pod default/stray (grace 1s)", "killing orphaned runtime pod default/late (grace 1s)"}, kills())
	assert.True(t, gone(second))
}
