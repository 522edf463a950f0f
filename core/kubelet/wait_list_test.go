package kubelet_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/scenario"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Every pod worker that waits for newer PLEG data is on the wait list,
// from which resumeWaiting takes the workers to try again: checked after
// every timer of the benchmark's node on 40 pods (first syncs wait, and
// some workers are still waiting after a resume, as a relist of one pod
// resumes them all).
func TestWaitingWorkersListed(t *testing.T) {
	sc, err := scenario.Parse([]byte(thousandPods(40)))
	require.NoError(t, err)
	s, err := sc.Build()
	require.NoError(t, err)
	waiting, resumes := 0, 0
	for s.Clock.Now().Before(sim.Epoch.Add(3 * time.Minute)) {
		before := kubelet.WaitingWorkers(s.Kubelet)
		s.Clock.Step()
		require.NoError(t, kubelet.CheckWaitList(s.Kubelet), "at %v", s.Clock.Elapsed())
		after := kubelet.WaitingWorkers(s.Kubelet)
		waiting += after
		if before > 0 && after > 0 && after < before {
			resumes++ // some resumed, others still wait
		}
	}
	require.Positive(t, waiting, "no worker ever waited: the test checks nothing")
	require.Positive(t, resumes, "no worker waited across a resume")
}
