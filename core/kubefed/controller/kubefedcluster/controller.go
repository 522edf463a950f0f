// Package kubefedcluster models kubefed's cluster health controller
// (pkg/controller/kubefedcluster): every period it probes each member
// cluster's /healthz and writes KubeFedCluster status conditions, changing
// them only after failureThreshold consecutive failures or successThreshold
// consecutive successes. The model writes status only when a condition's
// status, reason or message changes (not on every probe), so transcripts stay
// readable.
package kubefedcluster

import (
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const src = "kubefedcluster/controller.go"

// Health is what a member cluster's /healthz answers.
type Health string

const (
	HealthOK          Health = "ok"          // body "ok"
	HealthNotOK       Health = "notok"       // reachable, body not "ok"
	HealthUnreachable Health = "unreachable" // request error
)

// Prober returns a member's health and Kubernetes version.
type Prober func(cluster string) (Health, string)

// Controller probes clusters on a period.
type Controller struct {
	cfg              *util.ControllerConfig
	probe            Prober
	Period           time.Duration
	FailureThreshold int
	SuccessThreshold int
	state            map[string]*probeState
	stopped          bool
	timer            func()
}

type probeState struct {
	last     Health
	run      int
	observed Health
}

// Start begins probing every period (10s by default).
func Start(cfg *util.ControllerConfig, probe Prober) *Controller {
	c := &Controller{cfg: cfg, probe: probe, Period: 10 * time.Second, FailureThreshold: 3, SuccessThreshold: 1, state: map[string]*probeState{}}
	cfg.Log.Infof(src, "Starting cluster controller")
	c.schedule()
	return c
}

func (c *Controller) schedule() {
	clock := c.cfg.Host.Clock()
	t := clock.AfterFunc(c.Period, "cluster health", func() {
		if c.stopped {
			return
		}
		c.ProbeAll()
		c.schedule()
	})
	c.timer = func() { clock.Stop(t) }
}

// Stop stops probing.
func (c *Controller) Stop() {
	c.stopped = true
	if c.timer != nil {
		c.timer()
	}
}

// ProbeAll probes every KubeFedCluster once.
func (c *Controller) ProbeAll() {
	for _, obj := range c.cfg.Host.List("core.kubefed.io", "KubeFedCluster", c.cfg.KubeFedNamespace) {
		name := u.GetName(obj)
		h, version := c.probe(name)
		st, ok := c.state[name]
		if !ok {
			st = &probeState{observed: currentHealth(obj)}
			c.state[name] = st
		}
		if h == st.last {
			st.run++
		} else {
			st.last, st.run = h, 1
		}
		threshold := c.FailureThreshold
		if h == HealthOK {
			threshold = c.SuccessThreshold
		}
		if h != st.observed && (st.observed == "" || st.run >= threshold) {
			st.observed = h
		}
		c.write(obj, st.observed, version)
	}
}

func currentHealth(obj map[string]any) Health {
	if util.IsClusterReady(obj) {
		return HealthOK
	}
	for _, cd := range u.NestedSlice(obj, "status", "conditions") {
		m, _ := cd.(map[string]any)
		if m["type"] == "Offline" && m["status"] == "True" {
			return HealthUnreachable
		}
		if m["type"] == "Ready" {
			return HealthNotOK
		}
	}
	return ""
}

// Status is the KubeFedCluster status kubefed writes for a health result:
// the conditions, and from v0.9.2 (PR #1501) the cluster's Kubernetes
// version when it is ready and the probe's error in the Offline message.
func Status(r release.Release, h Health, version, now string, old []any) map[string]any {
	st := map[string]any{"conditions": conditions(r, h, now, old)}
	if h == HealthOK && version != "" && r.Has(release.ClusterKubernetesVersion) {
		st["kubernetesVersion"] = version
	}
	return st
}

func conditions(r release.Release, h Health, now string, old []any) []any {
	mk := func(typ, status, reason, msg string) map[string]any {
		c := map[string]any{"type": typ, "status": status, "reason": reason, "message": msg, "lastProbeTime": now, "lastTransitionTime": now}
		for _, o := range old {
			om, _ := o.(map[string]any)
			if om != nil && om["type"] == typ && om["status"] == status {
				if lt, ok := om["lastTransitionTime"]; ok {
					c["lastTransitionTime"] = lt
				}
			}
		}
		return c
	}
	switch h {
	case HealthOK:
		return []any{mk("Ready", "True", "ClusterReady", "/healthz responded with ok")}
	case HealthNotOK:
		return []any{mk("Ready", "False", "ClusterNotReady", "/healthz responded without ok"), mk("Offline", "False", "ClusterReachable", "cluster is reachable")}
	default:
		msg := "cluster is not reachable"
		if r.Has(release.OfflineMessageHasError) {
			msg += ": Get \"https://api/healthz\": dial tcp: i/o timeout"
		}
		return []any{mk("Offline", "True", "ClusterNotReachable", msg)}
	}
}

func (c *Controller) write(obj map[string]any, h Health, version string) {
	old := u.NestedSlice(obj, "status", "conditions")
	if currentHealth(obj) == h && len(old) > 0 {
		return
	}
	now := c.cfg.Host.Clock().Now().UTC().Format(time.RFC3339)
	next := u.DeepCopyMap(obj)
	next["status"] = Status(c.cfg.Release, h, version, now, old)
	if _, err := c.cfg.Host.UpdateStatus(next); err != nil {
		c.cfg.Log.HandleError(src, util.Wrap(err, "Failed to update the status of cluster %q", u.GetName(obj)))
	}
}
