// Package kubelet models the kubelet's pod lifecycle on virtual time: pod
// sources and their PodUpdates, syncLoop and syncLoopIteration, admission in
// HandlePodAdditions, the pod workers (the 1.18 model and the newer state
// machine), the PLEG relist and the pod status cache, SyncPod with the
// runtime manager, probes, graceful deletion, status generation and the
// events of each release.
//
// A Kubelet is a state machine on a sim.Clock, over a container runtime it
// reaches through the CRI (a cri.Runtime; core/cri/fake is the simulated
// one). Create it with New and Start it; give it pods through its
// API-server side (CreatePod, UpdatePod, DeletePod, and the ConfigMaps and
// Secrets that containers name); advance the clock; read what happened from
// Trace (events, sync loop iterations, pod worker steps, other log lines,
// snapshots of the pod objects) and the current state from APIPods, View,
// Workers and NextRestart. core/kubelet/scenario builds a clock, the fake
// runtime and a kubelet from a scenario file.
//
// All of the kubelet's work is timers on the clock, in phases that order
// what falls on the same instant (sched.go): nothing runs until the caller
// advances the clock, and every method returns at once.
//
// # Determinism
//
// The real syncLoopIteration selects among ready channels pseudo-randomly.
// By default this model serves ready cases in the order their messages
// became ready (ties in the order of the select statement); with
// Options.RandomSelect it draws among the ready cases from a seeded source.
// Every loop entry records which rule applied. Jitter (pod worker requeue,
// first probe delay) is off by default (the deterministic profile) and
// seeded when on. Where upstream ranges over Go maps the model uses sorted
// or insertion order, as noted in each package.
package kubelet

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	kubeconfig "github.com/kubexplorer/kubexplorer/core/kubelet/config"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/features"
	"github.com/kubexplorer/kubexplorer/core/kubelet/flowcontrol"
	"github.com/kubexplorer/kubexplorer/core/kubelet/images"
	"github.com/kubexplorer/kubexplorer/core/kubelet/kuberuntime"
	"github.com/kubexplorer/kubexplorer/core/kubelet/lifecycle"
	"github.com/kubexplorer/kubexplorer/core/kubelet/pleg"
	"github.com/kubexplorer/kubexplorer/core/kubelet/printers"
	"github.com/kubexplorer/kubexplorer/core/kubelet/prober"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	"github.com/kubexplorer/kubexplorer/core/kubelet/status"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Timing constants of the kubelet.
const (
	syncPeriod            = time.Second
	housekeepingPeriod    = 2 * time.Second
	runtimeStatusPeriod   = 5 * time.Second
	containerGCPeriod     = time.Minute
	statusSyncPeriod      = 10 * time.Second
	defaultSyncFrequency  = time.Minute
	backOffPeriod         = 10 * time.Second
	transientErrorBackOff = time.Second
	runtimeSyncThreshold  = 30 * time.Second
	plegChannelCapacity   = 1000
	maxCrashLoopBackOff   = 300 * time.Second
	initialCrashLoop      = 10 * time.Second
	reducedMaxCrashLoop   = 60 * time.Second
	reducedInitialCrash   = time.Second
	flatCrashLoopExpiry   = 600 * time.Second
	loopBackOffBase       = 100 * time.Millisecond
	loopBackOffMax        = 5 * time.Second
	networkNotReadyErrMsg = "network is not ready"
)

// Node describes the node the kubelet runs on.
type Node struct {
	Name   string
	IP     string
	OS     string
	Labels map[string]string
	// Allocatable is what admission counts requests against; a resource
	// left out takes its value from defaultAllocatable, since a real node
	// always reports cpu, memory, ephemeral storage and pods.
	Allocatable map[string]string
	Taints      []lifecycle.Taint
	// MaxContainerRestartPeriod is crashLoopBackOff.maxContainerRestartPeriod
	// of the kubelet configuration (KubeletCrashLoopBackOffMax); 0 = unset.
	MaxContainerRestartPeriod time.Duration
}

// defaultAllocatable is the allocatable of a node whose scenario does not
// say: a modest machine, and the kubelet's default maxPods of 110.
var defaultAllocatable = map[string]string{"cpu": "4", "memory": "16Gi", "ephemeral-storage": "100Gi", "pods": "110"}

// addAllocatable parses one allocatable quantity (cpu in millicores).
func addAllocatable(alloc map[string]int64, name, q string) error {
	v, err := v1.ParseQuantity(q)
	if err != nil {
		return fmt.Errorf("node allocatable %s: %v", name, err)
	}
	if name == "cpu" {
		alloc[name] = v.MilliValue()
	} else {
		alloc[name] = v.Value()
	}
	return nil
}

// Options are the model's switches.
type Options struct {
	// Jitter enables upstream's random jitter (requeue, first probe),
	// drawn from Seed.
	Jitter bool
	// RandomSelect picks among ready loop cases at random (from Seed)
	// instead of in arrival order.
	RandomSelect bool
	Seed         uint64
	// SyncFrequency is the pod resync interval (default 1m).
	SyncFrequency time.Duration
	// RequeueToBackoffExpiry forces the 1.35+ requeue model on (1) or off
	// (-1); 0 follows the release.
	RequeueToBackoffExpiry int
	// ConfigError, if set, replaces the lookup of the ConfigMaps and
	// Secrets a container's environment names: it returns the container's
	// CreateContainerConfigError cause, or nil.
	ConfigError func(pod *v1.Pod, c *v1.Container) error
}

// Config configures a Kubelet.
type Config struct {
	// Release is the modelled release ("1.30"); Gates are the effective
	// feature gates, the release's defaults when nil.
	Release string
	Gates   features.Gates
	Node    Node
	// Clock is the virtual clock, shared with the runtime.
	Clock *sim.Clock
	// Runtime is the container runtime the kubelet calls through the CRI.
	Runtime cri.Runtime
	// Network answers the probes and HTTP hooks the kubelet sends to
	// containers over the pod network; nil answers every one healthy.
	Network cri.Network
	Options Options
}

// Kubelet is the model.
type Kubelet struct {
	cfg   Config
	rel   release.Release
	gates features.Gates
	// feat holds the answers of the gates the sync path reads: gates are
	// fixed at start-up, and a sync asks several of them per pod.
	feat  gateFlags
	clock *sim.Clock
	rand  *sim.Rand

	rt       cri.Runtime
	recorder *events.Recorder
	msgs     events.Messages
	runtime  *kuberuntime.Manager
	images   *images.Manager
	crash    *flowcontrol.Backoff
	cache    *kubecontainer.Cache
	pleg     *pleg.GenericPLEG
	probes   *prober.Manager
	status   *status.Manager
	storage  *kubeconfig.Storage
	api      *apiServer
	node     *lifecycle.Node

	// podManager holds the pod manager's records by UID, podOrder the same
	// in the order they were added (pod_manager.go).
	podManager  map[string]*podRecord
	podOrder    []*podRecord
	podList     []*v1.Pod // cache of pods(); nil when stale
	podSeq      int       // the seq of the latest record
	podRemovals int       // pods removed from the pod manager so far
	// deadlinePods counts the pod manager's pods with an active deadline.
	deadlinePods int
	dueBuf       []*podRecord // getPodsToSync's scratch
	// cgroups holds the pods whose cgroup exists, for the reclaim rule of
	// kubelets up to 1.21 (syncPod makes it, housekeeping removes it).
	cgroups map[string]bool
	// killing holds the pods 1.18's pod killer is stopping.
	killing map[string]bool
	// lastStamp is the last time stamp handed out (see stamp).
	lastStamp time.Time
	// lastQuietScan is housekeeping's last scan for orphaned runtime pods,
	// when it found none.
	lastQuietScan orphanScan
	reasonCache   reasonCache
	workQueue     *workQueue
	workers       *podWorkers
	loop          *syncLoop
	runtimeState  runtimeState
	rejected      map[string]bool
	// ctxs holds the context of each of the kubelet's own callers: a
	// context is immutable and the callers are a handful of names, so one
	// per name serves every call instead of one per call.
	ctxs map[string]context.Context
	// durations remembers the text of requeue durations (durationText).
	durations map[time.Duration]string
	// statusBuf is where generateAPIPodStatus builds the init and regular
	// container statuses of a pod (see keepBuilt).
	statusBuf [2][]v1.ContainerStatus
	condBuf   []v1.PodCondition // and the conditions

	tr transcript
}

// New builds a kubelet; Start schedules its loops.
func New(cfg Config) (*Kubelet, error) {
	rel, err := release.Parse(cfg.Release)
	if err != nil {
		return nil, err
	}
	if cfg.Clock == nil {
		return nil, fmt.Errorf("kubelet: no clock")
	}
	if cfg.Runtime == nil {
		return nil, fmt.Errorf("kubelet: no runtime")
	}
	gates := cfg.Gates
	if gates == nil {
		f, err := features.ForRelease(cfg.Release, nil)
		if err != nil {
			return nil, err
		}
		gates = f
	}
	if cfg.Options.SyncFrequency <= 0 {
		cfg.Options.SyncFrequency = defaultSyncFrequency
	}
	n := cfg.Node
	if n.Name == "" {
		n.Name = "n1"
	}
	if n.IP == "" {
		n.IP = "192.168.0.10"
	}
	if n.OS == "" {
		n.OS = "linux"
	}
	cfg.Node = n
	k := &Kubelet{
		cfg: cfg, rel: rel, gates: gates, clock: cfg.Clock, rand: sim.NewRand(cfg.Options.Seed),
		rt: cfg.Runtime, podManager: map[string]*podRecord{}, workQueue: newWorkQueue(),
		reasonCache: reasonCache{}, rejected: map[string]bool{}, cgroups: map[string]bool{}, killing: map[string]bool{},
	}
	k.feat = resolveGates(rel, gates)
	alloc := map[string]int64{}
	for name, q := range n.Allocatable {
		if err := addAllocatable(alloc, name, q); err != nil {
			return nil, err
		}
	}
	for name, q := range defaultAllocatable {
		if _, ok := n.Allocatable[name]; !ok {
			_ = addAllocatable(alloc, name, q)
		}
	}
	labels := map[string]string{"kubernetes.io/hostname": n.Name, "kubernetes.io/os": n.OS, "kubernetes.io/arch": "amd64"}
	for k, v := range n.Labels {
		labels[k] = v
	}
	k.node = &lifecycle.Node{Name: n.Name, OS: n.OS, Labels: labels, Allocatable: alloc, Taints: n.Taints}

	k.recorder = events.NewRecorder(k.clock.Now)
	k.msgs = events.Messages{Rel: rel, SecretPulledImages: gates.Enabled(features.KubeletEnsureSecretPulledImages)}
	k.images = images.New(k.rt, k.recorder, k.msgs, k.clock)

	boMax, boInitial := maxCrashLoopBackOff, initialCrashLoop
	if gates.Enabled(features.ReduceDefaultCrashLoopBackOffDecay) {
		boMax, boInitial = reducedMaxCrashLoop, reducedInitialCrash
	}
	if gates.Enabled(features.KubeletCrashLoopBackOffMax) && n.MaxContainerRestartPeriod > 0 {
		boMax = n.MaxContainerRestartPeriod
		if boMax < boInitial {
			boInitial = boMax
		}
	}
	k.crash = flowcontrol.New(k.clock, boInitial, boMax)
	// A container that ran 600s since its last restart starts its back-off
	// afresh: twice the cap up to 1.31, when the cap could only be 300s,
	// and a flat 600s from 1.32 (HasExpiredFunc), whatever the cap.
	k.crash.SetExpiry(flatCrashLoopExpiry)
	k.cache = kubecontainer.NewCache()
	k.api = newAPIServer(k)
	k.status = status.NewManager(k.clock.Now, k.api, rel)
	k.status.CouldHaveRunningContainers = func(uid string) bool { return k.workers.couldHaveRunningContainers(uid) }
	k.status.ResourcesReclaimed = k.resourcesReclaimed
	k.status.TrackGeneration = gates.Enabled(features.PodObservedGenerationTracking)
	k.status.RestartRules, k.status.RestartAll = k.feat.restartRules, k.feat.restartAll
	k.status.OnDelete = func(pod *v1.Pod, last *v1.PodStatus) {
		// What kubectl showed last, from the status written just before.
		shown := *pod
		shown.Status = *last
		cols := printers.PrintPod(k.rel, &shown, k.clock.Now())
		k.trace("status", "final deletion of "+pod.FullName()+" (grace 0; last phase "+string(last.Phase)+", STATUS "+cols.Status+", "+containerStates(last)+")")
	}
	k.status.OnAborted = func(pod *v1.Pod, err string) {
		k.trace("status", "Status update on pod "+pod.FullName()+" aborted: "+err)
	}
	k.probes = prober.NewManager(k.rt, cfg.Network, k.recorder, k.msgs, k.status, probeScheduler{k})
	k.probes.RestartRules, k.probes.RestartRulesByExit = k.feat.restartRules, rel.Has(release.ProbeWorkerRestartRules)
	k.probes.ManualTrigger = rel.Has(release.ProbeResultsThroughLoop)
	k.probes.KeepStarted = k.feat.keepStarted
	k.probes.RestartAll = k.feat.restartAll
	k.probes.SetGates(prober.Gates{ExecProbeTimeout: gates.Enabled(features.ExecProbeTimeout),
		GRPCContainerProbe: gates.Enabled(features.GRPCContainerProbe)})
	if cfg.Options.Jitter {
		k.probes.Jitter = k.rand
	}
	k.probes.Liveness.OnUpdate = func(u prober.Update) { k.loop.push(caseLiveness, u) }
	k.probes.Readiness.OnUpdate = func(u prober.Update) { k.probeResult(caseReadiness, u) }
	k.probes.Startup.OnUpdate = func(u prober.Update) { k.probeResult(caseStartup, u) }
	rtOpts := kuberuntime.Options{Rel: rel, Sidecars: k.sidecars(), LegacySidecars: k.feat.legacySidecars, ConfigError: cfg.Options.ConfigError, HostNetworkIP: n.IP, Network: cfg.Network,
		ProbeTerminationGrace: gates.Enabled(features.ProbeTerminationGracePeriod), RestartRules: k.feat.restartRules,
		RestartAll: k.feat.restartAll}
	if rtOpts.ConfigError == nil {
		rtOpts.ConfigError = k.containerConfigError
	}
	if t := k.readyToStartCondition(); t != "" && rel.Has(release.ReadyToStartOnSandboxReady) {
		// The condition turns True as soon as the sandbox is ready, not at
		// the next sync's status.
		rtOpts.OnPodSandboxReady = func(pod *v1.Pod) { k.status.SetSandboxReady(pod, t) }
	}
	k.runtime = kuberuntime.New(k.rt, k.images, k.recorder, k.msgs, rtOpts, k.crash, k.probes.Liveness, k.probes.Startup)
	k.pleg = pleg.New(k.runtime, k.cache, k.clock.Now)
	k.storage = kubeconfig.NewStorage(k.clock.Now)
	k.loop = newSyncLoop(k)
	k.pleg.Emit = k.loop.pushPLEG
	if rel.Has(release.PodWorkerStateMachine) {
		k.workers = newPodWorkers(k)
	} else {
		k.workers = newLegacyPodWorkers(k)
	}
	k.cache.OnChange = k.workers.cacheChanged
	return k, nil
}

// containerStates summarises the container states of a status for the
// log: "setup=Terminated(Completed,0) app=Waiting(PodInitializing)".
func containerStates(s *v1.PodStatus) string {
	var parts []string
	for _, l := range [][]v1.ContainerStatus{s.InitContainerStatuses, s.ContainerStatuses} {
		for _, c := range l {
			st := "?"
			switch {
			case c.State.Running != nil:
				st = "Running"
			case c.State.Terminated != nil:
				st = fmt.Sprintf("Terminated(%s,%d)", c.State.Terminated.Reason, c.State.Terminated.ExitCode)
			case c.State.Waiting != nil:
				st = "Waiting(" + c.State.Waiting.Reason + ")"
			}
			parts = append(parts, c.Name+"="+st)
		}
	}
	return strings.Join(parts, " ")
}

// Start begins the kubelet's periodic work at the current time.
func (k *Kubelet) Start() {
	k.every(runtimeStatusPeriod, phaseRuntimeState, "updateRuntimeUp", true, k.updateRuntimeUp)
	k.every(pleg.RelistPeriod, phaseRelist, "relist", true, k.relist)
	k.every(syncPeriod, phaseTick, "syncTicker", false, func() { k.loop.tick(caseSync) })
	k.every(housekeepingPeriod, phaseTick, "housekeepingTicker", false, func() { k.loop.tick(caseHousekeeping) })
	k.every(containerGCPeriod, phaseTick, "containerGC", true, k.containerGC)
	if !k.rel.Has(release.DeleteAfterWorkerFinished) {
		// Only the older rule can let a pod go without a status change; the
		// status manager's batch finds it.
		k.every(statusSyncPeriod, phaseTick, "statusManager.syncBatch", false, k.status.SyncBatch)
	}
	// The api source lists once at start: an empty snapshot marks it ready.
	k.api.deliverSoon()
}

// every runs fn every d, the first time now or after d.
func (k *Kubelet) every(d time.Duration, phase sim.Phase, name string, now bool, fn func()) {
	var run func()
	run = func() {
		fn()
		k.after(d, phase, name, run)
	}
	if now {
		k.after(0, phase, name, run)
	} else {
		k.after(d, phase, name, run)
	}
}

// sidecars reports whether restartable init containers are allowed: the
// gate exists from 1.28 (default on from 1.29).
func (k *Kubelet) sidecars() bool { return k.feat.sidecars }

// gateFlags are the gates the kubelet reads on its sync path, resolved
// once (a gate lookup is a map lookup by name, or a walk of a release
// table).
type gateFlags struct {
	sidecars, trackGeneration, hostIPs, onDemandRelist bool
	// keepStarted: a running container keeps the started value of its
	// previous status (1.35+, ChangeContainerStatusOnKubeletRestart off).
	keepStarted bool
	// restartRules: ContainerRestartRules (alpha 1.34, beta on from 1.35),
	// under which a container's own restartPolicy and rules decide its
	// restarts.
	restartRules bool
	// restartAll: RestartAllContainersOnContainerExits (alpha 1.35, beta
	// on from 1.36), under which a rule's action RestartAllContainers
	// restarts every container of the pod in place.
	restartAll bool
	// legacySidecars: LegacySidecarContainers (1.33, deprecated, off).
	legacySidecars bool
	// readyToStart names the sandbox condition the release writes, if
	// any: PodHasNetwork (1.25–1.27, alpha) or PodReadyToStartContainers.
	readyToStart string
}

func resolveGates(rel release.Release, g features.Gates) gateFlags {
	f := gateFlags{
		keepStarted:     rel.Has(release.StartedKeptWhileRunning) && !g.Enabled(features.ChangeContainerStatusOnKubeletRestart),
		sidecars:        g.Enabled(features.SidecarContainers),
		trackGeneration: g.Enabled(features.PodObservedGenerationTracking),
		hostIPs:         g.Enabled(features.PodHostIPs),
		onDemandRelist:  g.Enabled(features.PLEGOnDemandRelist),
		restartRules:    g.Enabled(features.ContainerRestartRules),
		restartAll:      g.Enabled(features.RestartAllContainersOnContainerExits),
		legacySidecars:  g.Enabled(features.LegacySidecarContainers),
	}
	switch {
	case g.Enabled(features.PodReadyToStartContainersCondition):
		f.readyToStart = v1.PodReadyToStartContainers
	case g.Enabled(features.PodHasNetworkCondition):
		f.readyToStart = "PodHasNetwork"
	}
	return f
}

// ctx is the context of the kubelet's calls made as caller, one of its
// own fixed names (a caller the user names gets a fresh one).
func (k *Kubelet) ctx(caller string) context.Context {
	c, ok := k.ctxs[caller]
	if !ok {
		if k.ctxs == nil {
			k.ctxs = map[string]context.Context{}
		}
		c = cri.WithCaller(context.Background(), caller)
		k.ctxs[caller] = c
	}
	return c
}

// At schedules fn at t in the config phase: a scenario's timeline actions
// land after the relist of that instant, like a config delivery.
func (k *Kubelet) At(t time.Time, name string, fn func()) {
	k.at(t, phaseConfig, name, fn)
}

func (k *Kubelet) podName(uid string) string {
	if p := k.managedPod(uid); p != nil {
		return p.FullName()
	}
	return k.api.name(uid)
}

type probeScheduler struct{ k *Kubelet }

func (p probeScheduler) Now() time.Time { return p.k.clock.Now() }
func (p probeScheduler) Schedule(d time.Duration, name string, fn func()) prober.Timer {
	return p.k.clock.Schedule(p.k.clock.Now().Add(d), phaseProbe, name, fn)
}

// Reschedule re-arms a probe worker's timer: it ticks every period.
func (p probeScheduler) Reschedule(t prober.Timer, d time.Duration, name string, fn func()) prober.Timer {
	st, _ := t.(*sim.Timer)
	return p.k.clock.Reschedule(st, p.k.clock.Now().Add(d), phaseProbe, name, fn)
}

// waiter continues a pod's sync later, in the worker phase.
type waiter struct{ k *Kubelet }

func (w waiter) Now() time.Time { return w.k.clock.Now() }
func (w waiter) Wait(d time.Duration, then func()) {
	if d <= 0 {
		then()
		return
	}
	w.k.after(d, phaseWorker, "continue sync", then)
}
