// Package simulation is a steppable kubefed control plane: a host API
// server with kubefed's CRDs (and, optionally, its validating webhook), the
// controller manager, and member clusters, all on one virtual clock. It is
// the API the explorer and the scenario runner drive: apply and delete
// objects, add, break, relabel or remove member clusters, restart the
// controller manager, advance time, and take snapshots.
//
// After every action the simulation settles: it fires every timer due at the
// current instant (bounded by a step limit), so zero-delay chains such as
// "write status → watch event → reconcile" complete, while delayed work
// (retries, back-off, health checks) waits for Advance.
package simulation

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1/validation"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/kubefedcluster"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Options configure the control plane.
type Options struct {
	// Version is the kubefed release, one of release.Versions (default
	// release.Latest).
	Version string `json:"version,omitempty"`
	// Scope is "Cluster" (default) or "Namespaced" (KubeFedConfig spec.scope).
	Scope string `json:"scope,omitempty"`
	// KubeFedNamespace defaults to kube-federation-system.
	KubeFedNamespace string `json:"kubefedNamespace,omitempty"`
	// Webhook installs the validating webhook (default true).
	Webhook *bool `json:"webhook,omitempty"`
	// DefaultFTCs installs the chart's ten FTCs.
	DefaultFTCs bool `json:"defaultFTCs,omitempty"`
	// Gates are the KubeFedConfig feature gates.
	Gates controllermanager.Gates `json:"featureGates"`
	// AdoptResources is "Enabled" (default) or "Disabled".
	AdoptResources string `json:"adoptResources,omitempty"`
	// NamespaceDeletionRace reproduces quirk Q3's race instead of the
	// intended outcome.
	NamespaceDeletionRace bool `json:"namespaceDeletionRace,omitempty"`
	// StepLimit bounds the timers one settle may fire (default 100000).
	StepLimit int `json:"-"`
}

// Member is a member cluster.
type Member struct {
	Name        string
	Store       *store.Store
	Health      kubefedcluster.Health
	Version     string
	HostCluster bool
	Missing     []string
}

// Simulation is one control plane and its member clusters.
type Simulation struct {
	Opts     Options
	Clock    *sim.Clock
	Host     *store.Store
	Log      *util.Logger
	Recorder *util.Recorder
	Manager  *controllermanager.Manager
	Cfg      *util.ControllerConfig
	members  map[string]*Member
	faults   map[string]string
}

// WebhookEnabled reports whether the validating webhook is installed.
func (o *Options) WebhookEnabled() bool { return o.Webhook == nil || *o.Webhook }

func (o *Options) fill() error {
	r, err := release.Parse("version", o.Version)
	if err != nil {
		return err
	}
	o.Version = r.String()
	if err := checkGates(r, o.Gates); err != nil {
		return err
	}
	if o.Scope == "" {
		o.Scope = "Cluster"
	}
	if o.Scope != "Cluster" && o.Scope != "Namespaced" {
		return fmt.Errorf("scope: Unsupported value: %q: supported values: \"Cluster\", \"Namespaced\"", o.Scope)
	}
	if o.KubeFedNamespace == "" {
		o.KubeFedNamespace = v1beta1.DefaultKubeFedNamespace
	}
	if o.AdoptResources == "" {
		o.AdoptResources = "Enabled"
	}
	if o.AdoptResources != "Enabled" && o.AdoptResources != "Disabled" {
		return fmt.Errorf("adoptResources: Unsupported value: %q: supported values: \"Enabled\", \"Disabled\"", o.AdoptResources)
	}
	if o.StepLimit == 0 {
		o.StepLimit = 100000
	}
	return nil
}

// New builds a control plane. The controller manager starts at once.
func New(opts Options) (*Simulation, error) {
	if err := opts.fill(); err != nil {
		return nil, err
	}
	clock := sim.NewClock(sim.Epoch)
	s := &Simulation{Opts: opts, Clock: clock, members: map[string]*Member{}, faults: map[string]string{}}
	s.Log = util.NewLogger(clock)
	s.Recorder = util.NewRecorder(clock)
	s.Host = store.New("host", clock, store.BuiltinKinds())
	for _, c := range apiextensions.KubeFedCRDs(release.MustParse(opts.Version)) {
		s.Host.RegisterCRD(c)
	}
	for _, c := range ChartFederatedCRDs(opts.Version) {
		s.Host.RegisterCRD(c)
	}
	installMutators(s.Host, "host")
	if opts.WebhookEnabled() {
		s.Host.Admission[store.GroupKind{Group: v1beta1.Group, Kind: "FederatedTypeConfig"}] = ftcWebhook(release.MustParse(opts.Version))
	}
	for _, ns := range []string{"default", "kube-system", "kube-public", "kube-node-lease", opts.KubeFedNamespace} {
		if _, err := s.Host.Create(namespaceObj(ns)); err != nil {
			return nil, err
		}
	}
	if _, err := s.Host.Create(kubeFedConfig(release.MustParse(opts.Version), opts.KubeFedNamespace, opts.Scope, &s.Opts)); err != nil {
		return nil, err
	}
	if opts.DefaultFTCs {
		for _, f := range ChartFTCs(opts.Version, opts.KubeFedNamespace) {
			if _, err := s.Host.Create(f); err != nil {
				return nil, err
			}
		}
	}
	target := ""
	if opts.Scope == "Namespaced" {
		target = opts.KubeFedNamespace
	}
	s.Cfg = &util.ControllerConfig{
		KubeFedNamespace: opts.KubeFedNamespace, TargetNamespace: target, Host: s.Host,
		Members: s.member, Log: s.Log, Recorder: s.Recorder, Release: release.MustParse(opts.Version),
		ClusterAvailableDelay: 20 * time.Second, ClusterUnavailableDelay: time.Minute, CacheSyncTimeout: 5 * time.Minute,
		SkipAdoptingResources: opts.AdoptResources == "Disabled", RawResourceStatus: opts.Gates.RawResourceStatusCollection,
		SchedulerPreferences: opts.Gates.SchedulerPreferences, NamespaceDeletionRace: opts.NamespaceDeletionRace,
		FailStart: s.failStart,
	}
	s.Manager = &controllermanager.Manager{Cfg: s.Cfg, Gates: opts.Gates, Probe: s.probe}
	s.Manager.Start()
	s.Settle()
	return s, nil
}

// ftcWebhook is the validating admission webhook for FTCs of a release.
func ftcWebhook(r release.Release) store.AdmitFunc {
	return func(op store.Operation, obj, old map[string]any, sub string) error {
		ftc, err := v1beta1.FTCFromObject(obj)
		if err != nil {
			return store.NewWebhookDenied(validation.WebhookName, 400, store.ReasonBadRequest, err.Error())
		}
		if errs := validation.ValidateFederatedTypeConfig(ftc, sub != "", r); len(errs) > 0 {
			return store.NewWebhookDenied(validation.WebhookName, 403, store.ReasonForbidden, errs.Aggregate())
		}
		return nil
	}
}

func (s *Simulation) member(name string) (*store.Store, error) {
	m, ok := s.members[name]
	if !ok {
		return nil, fmt.Errorf("cluster %q not found", name)
	}
	// An unreachable cluster still has its client (kubefed keeps one per
	// ready cluster); its requests fail instead, see setHealth.
	return m.Store, nil
}

func (s *Simulation) probe(name string) (kubefedcluster.Health, string) {
	m, ok := s.members[name]
	if !ok {
		return kubefedcluster.HealthUnreachable, ""
	}
	return m.Health, m.Version
}

func (s *Simulation) failStart(controller, kind string) error {
	if msg, ok := s.faults[controller+"/"+kind]; ok {
		return fmt.Errorf("%s", msg)
	}
	return nil
}

// Settle fires every timer due now.
func (s *Simulation) Settle() int { return s.Clock.RunUntil(s.Clock.Now(), s.Opts.StepLimit) }

// Advance moves virtual time forward, firing timers on the way; a negative
// d is none (the clock never goes back).
func (s *Simulation) Advance(d time.Duration) int {
	n := s.Clock.RunUntil(s.Clock.Now().Add(d), s.Opts.StepLimit)
	return n + s.Settle()
}

// ClusterSpec describes a member cluster to join.
type ClusterSpec struct {
	Name    string            `json:"name"`
	Labels  map[string]string `json:"labels,omitempty"`
	Ready   *bool             `json:"ready,omitempty"`
	Health  string            `json:"health,omitempty"` // ok, notok, unreachable
	Version string            `json:"kubernetesVersion,omitempty"`
	// Host makes the member the host cluster itself (same API server).
	Host bool `json:"host,omitempty"`
	// MissingAPIs lists types the member does not serve, as
	// "<plural>.<group>" or "<plural>" for the core group.
	MissingAPIs []string `json:"missingAPIs,omitempty"`
	// Objects already in the cluster (namespaces are created as needed).
	Objects []map[string]any `json:"objects,omitempty"`
	// Secret is the join secret in the host (<name>-token, with the token
	// kubefed's clients use): created (default), "missing" (not created)
	// or "noToken" (created without data.token).
	Secret string `json:"secret,omitempty"`
}

func (c *ClusterSpec) health() (kubefedcluster.Health, error) {
	switch {
	case c.Health != "":
		switch kubefedcluster.Health(c.Health) {
		case kubefedcluster.HealthOK, kubefedcluster.HealthNotOK, kubefedcluster.HealthUnreachable:
			return kubefedcluster.Health(c.Health), nil
		}
		return "", fmt.Errorf("health: Unsupported value: %q: supported values: \"ok\", \"notok\", \"unreachable\"", c.Health)
	case c.Ready != nil && !*c.Ready:
		return kubefedcluster.HealthNotOK, nil
	}
	return kubefedcluster.HealthOK, nil
}

// AddCluster joins a member cluster (kubefedctl join): the member API
// exists with the KubeFed system namespace join creates in it, and a
// KubeFedCluster is created with its current health already reported (as
// if the cluster controller had probed it).
func (s *Simulation) AddCluster(spec ClusterSpec) error {
	if spec.Name == "" {
		return fmt.Errorf("name: Required value")
	}
	if msgs := validation.IsDNS1123Subdomain(spec.Name); len(msgs) > 0 {
		return fmt.Errorf("name: Invalid value: %q: %s", spec.Name, strings.Join(msgs, ","))
	}
	if _, ok := s.members[spec.Name]; ok {
		return fmt.Errorf("cluster %q already exists", spec.Name)
	}
	h, err := spec.health()
	if err != nil {
		return err
	}
	switch spec.Secret {
	case "", SecretMissing, SecretNoToken:
	default:
		return fmt.Errorf("secret: Unsupported value: %q: supported values: %q, %q", spec.Secret, SecretMissing, SecretNoToken)
	}
	version := spec.Version
	if version == "" {
		version = "v1.22.17"
	}
	m := &Member{Name: spec.Name, Health: h, Version: version, HostCluster: spec.Host, Missing: spec.MissingAPIs}
	defer m.setHealth(h)
	if spec.Host {
		m.Store = s.Host
	} else {
		missing := map[string]bool{}
		for _, a := range spec.MissingAPIs {
			missing[a] = true
		}
		var kinds []*store.Kind
		for _, k := range store.BuiltinKinds() {
			if missing[k.Resource()] || missing[k.Resource()+"/"+k.Version] {
				continue
			}
			kinds = append(kinds, k)
		}
		m.Store = store.New(spec.Name, s.Clock, kinds)
		installMutators(m.Store, spec.Name)
		// kubefedctl join also creates the KubeFed system namespace in the
		// joining cluster (createKubeFedNamespace, every release): its
		// service account lives there, and a namespaced control plane
		// propagates into it.
		for _, ns := range []string{"default", "kube-system", "kube-public", "kube-node-lease", s.Opts.KubeFedNamespace} {
			if _, err := m.Store.Create(namespaceObj(ns)); err != nil {
				return err
			}
		}
	}
	for i, o := range spec.Objects {
		if err := s.seed(m.Store, o); err != nil {
			return fmt.Errorf("objects[%d]: %v", i, err)
		}
	}
	s.members[spec.Name] = m
	if spec.Secret != SecretMissing {
		if _, err := s.Host.Create(joinSecret(s.Opts.KubeFedNamespace, spec.Name, spec.Secret)); err != nil && !store.IsAlreadyExists(err) {
			delete(s.members, spec.Name)
			return err
		}
	}
	obj := kubeFedClusterObj(s.Opts.KubeFedNamespace, spec.Name, spec.Labels)
	created, err := s.Host.Create(obj)
	if err != nil {
		delete(s.members, spec.Name)
		return err
	}
	write := true
	if s.Manager.Cluster != nil {
		h, write = s.Manager.Cluster.Joined(created, h)
	}
	if write {
		now := s.Clock.Now().UTC().Format(time.RFC3339)
		created["status"] = kubefedcluster.Status(s.Cfg.Release, h, version, now, nil)
		if _, err := s.Host.UpdateStatus(created); err != nil {
			return err
		}
	}
	s.Settle()
	return nil
}

// Secret values of ClusterSpec.Secret.
const (
	SecretMissing = "missing"
	SecretNoToken = "noToken"
)

// joinSecret is the secret kubefedctl join puts in the host's KubeFed
// namespace for a member: the token kubefed's clients authenticate with
// (join names it <cluster>-<random suffix>; the model, <cluster>-token).
func joinSecret(namespace, cluster, mode string) map[string]any {
	data := map[string]any{"ca.crt": "Y2E="}
	if mode != SecretNoToken {
		data[util.TokenKey] = "dG9rZW4="
	}
	return map[string]any{"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
		"metadata": map[string]any{"name": cluster + "-token", "namespace": namespace}, "data": data}
}

func (s *Simulation) seed(st *store.Store, o map[string]any) error {
	if u.GetKind(o) == "CustomResourceDefinition" {
		c, msg := apiextensions.CRDFromObject(o)
		if c == nil {
			return fmt.Errorf("CustomResourceDefinition %q is invalid: %s", u.GetName(o), msg)
		}
		st.RegisterCRD(c)
		_, err := st.Seed(o)
		return err
	}
	k, err := st.KindForObject(o)
	if err != nil {
		return err
	}
	if ns := u.GetNamespace(o); k.Namespaced && ns != "" && st.Peek("", "Namespace", "", ns) == nil {
		if _, err := st.Create(namespaceObj(ns)); err != nil {
			return err
		}
	}
	_, err = st.Seed(o)
	return err
}

// SetClusterHealth changes what a member's /healthz answers; the cluster
// controller notices on its next probes (thresholds apply).
func (s *Simulation) SetClusterHealth(name, health string) error {
	m, ok := s.members[name]
	if !ok {
		return fmt.Errorf("cluster %q not found", name)
	}
	spec := ClusterSpec{Health: health}
	h, err := spec.health()
	if err != nil {
		return err
	}
	m.setHealth(h)
	return nil
}

// setHealth records what the member's /healthz answers and makes every API
// request fail while the cluster cannot be reached.
func (m *Member) setHealth(h kubefedcluster.Health) {
	m.Health = h
	if m.Store == nil || m.HostCluster {
		// The host's own API server stays reachable for the control plane.
		return
	}
	m.Store.Unreachable = nil
	if h == kubefedcluster.HealthUnreachable {
		m.Store.Unreachable = fmt.Errorf("dial tcp %s:443: i/o timeout", m.Name)
	}
}

// SetClusterLabels replaces a KubeFedCluster's labels.
func (s *Simulation) SetClusterLabels(name string, labels map[string]string) error {
	obj, err := s.Host.Get(v1beta1.Group, "KubeFedCluster", s.Opts.KubeFedNamespace, name)
	if err != nil {
		return err
	}
	u.SetLabels(obj, labels)
	_, err = s.Host.Update(obj)
	s.Settle()
	return err
}

// RemoveCluster unjoins a member: its KubeFedCluster is deleted; the member
// API (and what kubefed put there) stays as it was.
func (s *Simulation) RemoveCluster(name string) error {
	if _, ok := s.members[name]; !ok {
		return fmt.Errorf("cluster %q not found", name)
	}
	err := s.Host.Delete(v1beta1.Group, "KubeFedCluster", s.Opts.KubeFedNamespace, name)
	// kubefedctl unjoin deletes the join secret too.
	if derr := s.Host.Delete("", "Secret", s.Opts.KubeFedNamespace, name+"-token"); derr != nil && !store.IsNotFound(derr) && err == nil {
		err = derr
	}
	delete(s.members, name)
	s.Settle()
	return err
}

// MemberStore returns a member's API server.
func (s *Simulation) MemberStore(name string) (*store.Store, bool) {
	m, ok := s.members[name]
	if !ok {
		return nil, false
	}
	return m.Store, true
}

// Members lists member clusters by name.
func (s *Simulation) Members() []*Member {
	var out []*Member
	for _, m := range s.members {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Restart restarts the controller manager.
func (s *Simulation) Restart() {
	s.Manager.Restart()
	s.Settle()
}

// InjectStartFailure makes starting a sync or status controller for a
// federated kind fail with msg (empty msg clears it).
func (s *Simulation) InjectStartFailure(controller, kind, msg string) {
	if msg == "" {
		delete(s.faults, controller+"/"+kind)
		return
	}
	s.faults[controller+"/"+kind] = msg
}

// InjectAPIFault makes matching requests to a cluster ("" for the host)
// fail; count < 0 means until cleared.
func (s *Simulation) InjectAPIFault(cluster string, f *store.Fault) error {
	st := s.Host
	if cluster != "" {
		m, ok := s.members[cluster]
		if !ok {
			return fmt.Errorf("cluster %q not found", cluster)
		}
		st = m.Store
	}
	st.Faults = append(st.Faults, f)
	return nil
}

// HostStore is the host API (kubefedctl.Env).
func (s *Simulation) HostStore() *store.Store { return s.Host }
