package controllermanager_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
)

func newSim(t *testing.T, version string, gates controllermanager.Gates) *simulation.Simulation {
	t.Helper()
	s, err := simulation.New(simulation.Options{Version: version, Gates: gates})
	require.NoError(t, err)
	return s
}

// logged returns the messages logged since mark (an index into the log).
func logged(s *simulation.Simulation, mark int) []string {
	var out []string
	for _, e := range s.Log.Entries()[mark:] {
		out = append(out, e.Source+": "+e.Message)
	}
	return out
}

// The gates choose which controllers run; RawResourceStatusCollection is
// announced only by releases that have it.
func TestStartHonoursGates(t *testing.T) {
	for _, tc := range []struct {
		name             string
		version          string
		gates            controllermanager.Gates
		ftc, scheduling  bool
		rawStatusLogLine bool
	}{
		{"defaults", "v0.10.0", controllermanager.DefaultGates(), true, true, false},
		{"no PushReconciler", "v0.10.0", controllermanager.Gates{SchedulerPreferences: true}, false, true, false},
		{"no SchedulerPreferences", "v0.10.0", controllermanager.Gates{PushReconciler: true}, true, false, false},
		{"RawResourceStatusCollection", "v0.10.0", controllermanager.Gates{PushReconciler: true, RawResourceStatusCollection: true}, true, false, true},
		{"RawResourceStatusCollection without PushReconciler", "v0.10.0", controllermanager.Gates{RawResourceStatusCollection: true}, false, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, tc.version, tc.gates)
			m := s.Manager
			require.True(t, m.Running)
			require.Equal(t, 1, m.Starts)
			require.NotNil(t, m.Cluster, "the cluster controller always runs")
			require.Equal(t, tc.ftc, m.FTC != nil)
			require.Equal(t, tc.scheduling, m.Scheduling != nil)
			require.Equal(t, tc.rawStatusLogLine, strings.Contains(strings.Join(logged(s, 0), "\n"),
				"controller-manager.go: Enabling RawResourceStatusCollection for all the enabled federated resources"))
		})
	}
}

func TestStartStopRestart(t *testing.T) {
	s := newSim(t, "v0.10.0", controllermanager.DefaultGates())
	m := s.Manager
	m.Start() // already running: nothing happens
	require.Equal(t, 1, m.Starts)

	m.Stop()
	require.False(t, m.Running)
	require.Nil(t, m.FTC)
	require.Nil(t, m.Cluster)
	require.Nil(t, m.Scheduling)
	m.Stop() // already stopped: nothing happens
	require.False(t, m.Running)

	mark := len(s.Log.Entries())
	m.Restart()
	require.True(t, m.Running)
	require.Equal(t, 2, m.Starts)
	require.NotNil(t, m.FTC)
	// startControllers' order.
	require.Equal(t, []string{
		"kubefedcluster/controller.go: Starting cluster controller",
		"schedulingmanager/controller.go: Starting scheduling manager",
		"federatedtypeconfig/controller.go: Starting FederatedTypeConfig controller",
	}, logged(s, mark))
}

// A fatal error or a panic exits the process once the current timer
// returns; it is started again after the kubelet's crash-loop back-off:
// 10s doubling to 5m, back to 10s after ten minutes of running.
func TestCrashLoopBackOff(t *testing.T) {
	s := newSim(t, "v0.10.0", controllermanager.DefaultGates())
	m := s.Manager
	crash := func(fatal bool) time.Duration {
		t.Helper()
		if fatal {
			m.Cfg.OnFatal("cache sync timed out")
		} else {
			m.Cfg.OnPanic("index out of range")
		}
		require.True(t, m.Running, "the process dies when the current timer returns")
		s.Settle()
		require.False(t, m.Running)
		delay := m.NextStart.Sub(s.Clock.Now())
		s.Advance(delay - time.Nanosecond)
		require.False(t, m.Running, "not before the back-off")
		s.Advance(time.Nanosecond)
		require.True(t, m.Running)
		return delay
	}
	var delays []time.Duration
	for i := 0; i < 7; i++ {
		delays = append(delays, crash(i%2 == 0))
	}
	require.Equal(t, []time.Duration{10 * time.Second, 20 * time.Second, 40 * time.Second, 80 * time.Second,
		160 * time.Second, 5 * time.Minute, 5 * time.Minute}, delays)
	require.Equal(t, 7, m.Crashes)
	require.Equal(t, 8, m.Starts)
	require.Equal(t, "", m.ExitReason, "a start clears the reason")

	// Ten minutes of running resets the back-off.
	s.Advance(10 * time.Minute)
	require.Equal(t, 10*time.Second, crash(false))

	// The reason is the exit's while the process is down.
	m.Cfg.OnFatal("x")
	s.Settle()
	require.Equal(t, "Fatal: x", m.ExitReason)
	s.Advance(m.NextStart.Sub(s.Clock.Now()))
	m.Cfg.OnPanic("y")
	s.Settle()
	require.Equal(t, "panic: y", m.ExitReason)
}

// A user restart while the process waits out its back-off starts it at
// once and cancels the pending start.
func TestRestartCancelsPendingStart(t *testing.T) {
	s := newSim(t, "v0.10.0", controllermanager.DefaultGates())
	m := s.Manager
	m.Cfg.OnFatal("boom")
	s.Settle()
	require.False(t, m.Running)
	m.Restart()
	require.True(t, m.Running)
	require.Equal(t, 2, m.Starts)
	// Down again at once, now for 20s: the cancelled 10s start does not
	// come early.
	m.Cfg.OnFatal("boom")
	s.Settle()
	require.Equal(t, 20*time.Second, m.NextStart.Sub(s.Clock.Now()))
	s.Advance(19 * time.Second)
	require.False(t, m.Running, "the crash-loop start before the restart was cancelled")
	s.Advance(time.Second)
	require.True(t, m.Running)
	require.Equal(t, 3, m.Starts)
}
