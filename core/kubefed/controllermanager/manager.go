// Package controllermanager models kubefed's controller manager process
// (cmd/controller-manager/app): it reads the KubeFedConfig knobs, starts the
// cluster health controller and, when the PushReconciler gate is on, the
// FederatedTypeConfig controller. A restart empties every in-memory map (the
// running controllers), so each Enabled FTC is started again, not refreshed
// (quirk Q6). A klog.Fatalf (the v0.9.0+ cache-sync timeout) or a panic in
// a goroutine (json-patch before v0.9.0 with a negative index) exits the
// process; like a Deployment's pod it is then restarted after the kubelet's
// crash-loop back-off (10s doubling to 5m).
package controllermanager

import (
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/federatedtypeconfig"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/kubefedcluster"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/schedulingpreference"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
)

// Gates are the KubeFedConfig feature gates the model honours.
type Gates struct {
	PushReconciler              bool `json:"PushReconciler"`
	SchedulerPreferences        bool `json:"SchedulerPreferences"`
	RawResourceStatusCollection bool `json:"RawResourceStatusCollection"`
}

// DefaultGates are v0.10.0's defaults.
func DefaultGates() Gates { return Gates{PushReconciler: true, SchedulerPreferences: true} }

// Manager is the controller-manager process.
type Manager struct {
	Cfg     *util.ControllerConfig
	Gates   Gates
	Probe   kubefedcluster.Prober
	FTC     *federatedtypeconfig.Controller
	Cluster *kubefedcluster.Controller
	// Scheduling is the RSP scheduling manager (SchedulerPreferences gate).
	Scheduling *schedulingpreference.Controller

	Running     bool
	Starts      int
	Crashes     int
	ExitReason  string
	NextStart   time.Time
	startedAt   time.Time
	crashDelay  time.Duration
	pendingStop func()
}

// Start starts the process.
func (m *Manager) Start() {
	if m.Running {
		return
	}
	m.Running = true
	m.Starts++
	m.ExitReason = ""
	m.NextStart = time.Time{}
	m.startedAt = m.Cfg.Host.Clock().Now()
	m.Cfg.OnFatal = func(msg string) { m.exit("Fatal: " + msg) }
	m.Cfg.OnPanic = func(msg string) { m.exit("panic: " + msg) }
	// startControllers' order: cluster controller, scheduling manager,
	// FTC controller.
	m.Cluster = kubefedcluster.Start(m.Cfg, m.Probe)
	if m.Gates.SchedulerPreferences {
		m.Scheduling = schedulingpreference.Start(m.Cfg)
	}
	if m.Gates.PushReconciler {
		if m.Gates.RawResourceStatusCollection && m.Cfg.Release.Has(release.RawResourceStatusCollection) {
			m.Cfg.Log.Infof("controller-manager.go", "Enabling RawResourceStatusCollection for all the enabled federated resources")
		}
		m.FTC = federatedtypeconfig.StartController(m.Cfg)
	}
}

// Stop ends the process without restarting it.
func (m *Manager) Stop() {
	if !m.Running {
		return
	}
	m.Running = false
	if m.Cluster != nil {
		m.Cluster.Stop()
	}
	if m.FTC != nil {
		m.FTC.Stop()
	}
	if m.Scheduling != nil {
		m.Scheduling.Stop()
	}
	m.FTC = nil
	m.Scheduling = nil
	m.Cluster = nil
}

// Restart is a user restarting the controller-manager pod.
func (m *Manager) Restart() {
	if m.pendingStop != nil {
		m.pendingStop()
		m.pendingStop = nil
	}
	m.Stop()
	m.Start()
}

// exit ends the process (a klog.Fatalf or an unrecovered panic) and
// schedules the crash-loop restart.
func (m *Manager) exit(reason string) {
	clock := m.Cfg.Host.Clock()
	if clock.Now().Sub(m.startedAt) >= 10*time.Minute {
		m.crashDelay = 0
	}
	if m.crashDelay == 0 {
		m.crashDelay = 10 * time.Second
	} else if m.crashDelay *= 2; m.crashDelay > 5*time.Minute {
		m.crashDelay = 5 * time.Minute
	}
	m.Crashes++
	// The process dies when the current timer returns.
	clock.AfterFunc(0, "controller-manager exit", func() {
		m.Stop()
		m.ExitReason = reason
		m.NextStart = clock.Now().Add(m.crashDelay)
		t := clock.AfterFunc(m.crashDelay, "controller-manager restart", func() {
			m.pendingStop = nil
			m.Start()
		})
		m.pendingStop = func() { clock.Stop(t) }
	})
}
