// Package kubefedcluster models kubefed's cluster health controller
// (pkg/controller/kubefedcluster): when it starts and then every period it
// probes each member cluster's /healthz and writes KubeFedCluster status
// conditions. The model writes status only when a condition's status, reason
// or message changes (not on every probe), so transcripts stay readable.
//
// The thresholds are upstream's thresholdAdjustedClusterStatus, which is not
// "N consecutive failures": the controller counts how many probes in a row
// the status it last wrote kept its readiness (held probes included), and a
// probe's result is written only if that count has reached the threshold of
// the result (failureThreshold 3 for a not-ready result, successThreshold 1
// for a ready one); otherwise the last status is kept. So a cluster that has
// been Ready for three probes or more turns NotReady on the first failed
// probe, while one that turned Ready less than three probes ago stays Ready
// until its third probe. The first probe of a cluster after the controller
// starts, or after the KubeFedCluster's spec, labels or annotations changed
// (upstream drops the cluster's stored data then), is written as it is.
//
// Before it probes a cluster the controller builds a client for it
// (addToClusterSet, on the informer's add and update events and again before
// each probe while it has none), from the KubeFedCluster's apiEndpoint and
// the token in its secret (util.BuildClusterConfig). When that fails it
// records a Warning MalformedClusterConfig on the KubeFedCluster and, from
// v0.8.0, an error log. From v0.9.2 (PR #1476) it keeps the cluster's data
// without a client and writes ConfigMalformed=True (reason
// ClusterConfigMalformed) instead of probing, so the cluster is not ready;
// before, it kept no data, warned "Failed to retrieve stored data for
// cluster" at every period and never wrote the cluster's status, which kept
// whatever it said last. A client once built is kept: deleting the secret
// later changes nothing until the cluster's data is dropped.
package kubefedcluster

import (
	"fmt"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const (
	src            = "kubefedcluster/controller.go"
	clientSrc      = "kubefedcluster/clusterclient.go"
	recorderSource = "kubefedcluster-controller"
)

// Health is what a member cluster's /healthz answers.
type Health string

const (
	HealthOK          Health = "ok"          // body "ok"
	HealthNotOK       Health = "notok"       // reachable, body not "ok"
	HealthUnreachable Health = "unreachable" // request error
	// HealthMalformed: no client could be built, so there was no probe.
	HealthMalformed Health = "malformed"
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

// probeState is upstream's ClusterData: the health last written (empty
// before the first probe) and the number of probes in a row it has kept its
// readiness (resultRun), the cluster metadata it was stored for, and whether
// its client could not be built (v0.9.2+: the data is kept without one).
type probeState struct {
	observed Health
	run      int
	meta     string
	noClient bool
}

// Start probes every cluster at once and then every period (10s by
// default), as wait.Until runs upstream's updateClusterStatus.
func Start(cfg *util.ControllerConfig, probe Prober) *Controller {
	c := &Controller{cfg: cfg, probe: probe, Period: 10 * time.Second, FailureThreshold: 3, SuccessThreshold: 1, state: map[string]*probeState{}}
	cfg.Log.Infof(src, "Starting cluster controller")
	c.ProbeAll()
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
	seen := map[string]bool{}
	for _, obj := range c.cfg.Host.List("core.kubefed.io", "KubeFedCluster", c.cfg.KubeFedNamespace) {
		name := u.GetName(obj)
		seen[name] = true
		st := c.clusterData(obj)
		if st == nil {
			c.cfg.Log.Warningf(src, "Failed to retrieve stored data for cluster %s", name)
			continue
		}
		h, version := HealthMalformed, ""
		if !st.noClient {
			h, version = c.probe(name)
		}
		if h == HealthUnreachable {
			c.recordProbeError(obj)
		}
		if h != HealthOK {
			// Only a successful probe asks for the version; a held Ready
			// status is written without it.
			version = ""
		}
		c.write(obj, c.adjust(st, h), version)
	}
	// A deleted cluster's data goes with it (delFromClusterSet).
	for name := range c.state {
		if !seen[name] {
			delete(c.state, name)
		}
	}
}

// clusterData is the cluster's stored data before a probe, building its
// client first when it has none: a new cluster, a restarted controller, a
// cluster whose spec, labels or annotations changed (the informer's update
// handler drops and re-adds it), or one whose client could not be built
// before. It is nil when nothing is stored (before v0.9.2, for a cluster
// without a client).
func (c *Controller) clusterData(obj map[string]any) *probeState {
	name, meta := u.GetName(obj), clusterMeta(obj)
	if st, ok := c.state[name]; !ok || st.meta != meta || st.noClient {
		c.addToClusterSet(obj, meta)
	}
	return c.state[name]
}

// addToClusterSet builds the cluster's client and stores fresh data for
// it (no status yet, so the next probe is written as it is).
func (c *Controller) addToClusterSet(obj map[string]any, meta string) {
	name := u.GetName(obj)
	delete(c.state, name)
	c.cfg.Log.V(1, src, "ClusterController observed a new cluster: %v", name)
	err := util.BuildClusterConfig(c.cfg.Host, c.cfg.KubeFedNamespace, obj)
	if err == nil {
		c.state[name] = &probeState{meta: meta}
		return
	}
	c.cfg.Recorder.Event(recorderSource, obj, "Warning", "MalformedClusterConfig", "The configuration for this cluster may be malformed: "+err.Error())
	r := c.cfg.Release
	switch {
	case r.Has(release.ClusterConfigMalformed):
		c.cfg.Log.Errorf(src, "The configuration for cluster %q may be malformed: %v", name, err)
	case r.Has(release.SyncErrorLogs):
		c.cfg.Log.Errorf(src, "The configuration for cluster %s may be malformed", name)
	}
	if r.Has(release.ClusterConfigMalformed) {
		c.state[name] = &probeState{meta: meta, noClient: true}
	}
}

// Joined is the informer's add event of a cluster the simulation just
// joined and reports at once as if probed with result h: the controller
// builds its client, and the result is the health to write, or false when
// nothing is written (no data stored, before v0.9.2).
func (c *Controller) Joined(obj map[string]any, h Health) (Health, bool) {
	c.addToClusterSet(obj, clusterMeta(obj))
	st := c.state[u.GetName(obj)]
	if st == nil {
		return "", false
	}
	if st.noClient {
		h = HealthMalformed
	}
	st.observed, st.run = h, 1
	return h, true
}

// adjust is upstream's thresholdAdjustedClusterStatus: the health to write
// for probe result h.
func (c *Controller) adjust(st *probeState, h Health) Health {
	if st.observed == "" {
		// No status stored yet: the result is taken as it is.
		st.observed, st.run = h, 1
		return h
	}
	threshold := c.FailureThreshold
	if h == HealthOK {
		threshold = c.SuccessThreshold
	}
	next := h
	if st.run < threshold {
		next = st.observed
	}
	if (next == HealthOK) == (st.observed == HealthOK) {
		st.run++
	} else {
		st.run = 1
	}
	st.observed = next
	return next
}

// clusterMeta is what the informer's update handler compares to decide the
// cluster changed: spec, labels and annotations.
func clusterMeta(obj map[string]any) string {
	return fmt.Sprint(obj["spec"], u.NestedMap(obj, "metadata", "labels"), u.NestedMap(obj, "metadata", "annotations"))
}

// probeErr is the error a /healthz request to an unreachable cluster
// returns.
const probeErr = "Get \"https://api/healthz\": dial tcp: i/o timeout"

// recordProbeError reports a failed /healthz request as upstream does: the
// client's HandleError, a Warning RetrievingClusterHealthFailed event on the
// KubeFedCluster and, from v0.8.0 (PR #1408), an error log.
func (c *Controller) recordProbeError(obj map[string]any) {
	name := u.GetName(obj)
	// runtime.HandleError of the wrapped request error.
	c.cfg.Log.Errorf(clientSrc, "Failed to do cluster health check for cluster %q: %s", name, probeErr)
	c.cfg.Recorder.Event(recorderSource, obj, "Warning", "RetrievingClusterHealthFailed", "Failed to retrieve health of the cluster: "+probeErr)
	if c.cfg.Release.Has(release.SyncErrorLogs) {
		c.cfg.Log.Errorf(src, "Failed to retrieve health of the cluster %s: %s", name, probeErr)
	}
}

func currentHealth(obj map[string]any) Health {
	if util.IsClusterReady(obj) {
		return HealthOK
	}
	for _, cd := range u.NestedSlice(obj, "status", "conditions") {
		m, _ := cd.(map[string]any)
		if m["type"] == "ConfigMalformed" && m["status"] == "True" {
			return HealthMalformed
		}
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
	case HealthMalformed:
		return []any{mk("ConfigMalformed", "True", "ClusterConfigMalformed", "cluster's configuration may be malformed")}
	default:
		msg := "cluster is not reachable"
		if r.Has(release.OfflineMessageHasError) {
			msg += ": " + probeErr
		}
		return []any{mk("Offline", "True", "ClusterNotReachable", msg)}
	}
}

func (c *Controller) write(obj map[string]any, h Health, version string) {
	old := u.NestedSlice(obj, "status", "conditions")
	now := c.cfg.Host.Clock().Now().UTC().Format(time.RFC3339)
	st := Status(c.cfg.Release, h, version, now, old)
	if currentHealth(obj) == h && len(old) > 0 && st["kubernetesVersion"] == u.NestedMap(obj, "status")["kubernetesVersion"] {
		return
	}
	next := u.DeepCopyMap(obj)
	next["status"] = st
	if _, err := c.cfg.Host.UpdateStatus(next); err != nil {
		c.cfg.Log.Warningf(src, "Failed to update the status of cluster %q: %v", u.GetName(obj), err)
	}
}
