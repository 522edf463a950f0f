// Package scenario reads the kubelet explorer's scenario files (release,
// feature gates, node, runtime faults, pods and a timeline of actions; see
// docs/kubelet-scenario.md) and builds a kubelet model that plays them.
//
// Decoding is strict: unknown fields, wrong types and bad values are errors
// that carry the line (and column) they come from.
package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/cri/fake"
	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/features"
	"github.com/kubexplorer/kubexplorer/core/kubelet/lifecycle"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
	"github.com/kubexplorer/kubexplorer/core/yamldoc"
)

// File is the YAML form of a scenario.
type File struct {
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description,omitempty"`
	Release      string          `json:"release,omitempty"`
	FeatureGates map[string]bool `json:"featureGates,omitempty"`
	Options      *Options        `json:"options,omitempty"`
	Node         *Node           `json:"node,omitempty"`
	Runtime      *Runtime        `json:"runtime,omitempty"`
	// ConfigMaps and Secrets exist from t=0; containers' env and envFrom
	// name them.
	ConfigMaps []ConfigObject    `json:"configMaps,omitempty"`
	Secrets    []ConfigObject    `json:"secrets,omitempty"`
	Pods       []json.RawMessage `json:"pods,omitempty"`
	Timeline   []Action          `json:"timeline,omitempty"`
	Until      string            `json:"until,omitempty"`
}

// Options are the model switches.
type Options struct {
	Jitter        bool   `json:"jitter,omitempty"`
	RandomSelect  bool   `json:"randomSelect,omitempty"`
	Seed          uint64 `json:"seed,omitempty"`
	SyncFrequency string `json:"syncFrequency,omitempty"`
	// RequeueToBackoffExpiry is "auto" (by release), "on" or "off".
	RequeueToBackoffExpiry string `json:"requeueToBackoffExpiry,omitempty"`
}

// Node describes the node.
type Node struct {
	Name                      string            `json:"name,omitempty"`
	OS                        string            `json:"os,omitempty"`
	Labels                    map[string]string `json:"labels,omitempty"`
	Allocatable               map[string]string `json:"allocatable,omitempty"`
	Taints                    []Taint           `json:"taints,omitempty"`
	MaxContainerRestartPeriod string            `json:"maxContainerRestartPeriod,omitempty"`
}

// Taint is a node taint.
type Taint = lifecycle.Taint

// Runtime scripts the fake CRI runtime.
type Runtime struct {
	Images       []Image     `json:"images,omitempty"`
	Containers   []Container `json:"containers,omitempty"`
	Sandboxes    []Sandbox   `json:"sandboxes,omitempty"`
	RuntimeReady *Condition  `json:"runtimeReady,omitempty"`
	NetworkReady *Condition  `json:"networkReady,omitempty"`
	// PresentImages lists images already on the node (shorthand).
	PresentImages []string `json:"presentImages,omitempty"`
	// UnknownImages says what a pull of an image the runtime section does
	// not list does: "pull" (the default: any name exists, which a real
	// registry would not promise) or "missing" (it does not exist: the
	// pull fails NotFound, and the kubelet reports ErrImagePull, then
	// ImagePullBackOff, in the words of the release).
	UnknownImages string `json:"unknownImages,omitempty"`
}

// The values of Runtime.UnknownImages.
const (
	UnknownImagesPull    = "pull"
	UnknownImagesMissing = "missing"
)

// Image scripts an image.
type Image struct {
	Image      string   `json:"image"`
	Present    bool     `json:"present,omitempty"`
	PullDelay  string   `json:"pullDelay,omitempty"`
	PullErrors []string `json:"pullErrors,omitempty"`
	AlwaysFail string   `json:"alwaysFail,omitempty"`
	// Missing: the registry does not have the image (every pull fails
	// NotFound once PullErrors are used up).
	Missing bool   `json:"missing,omitempty"`
	Size    uint64 `json:"size,omitempty"`
}

// Container scripts matching containers.
type Container struct {
	Pod       string       `json:"pod,omitempty"`
	Namespace string       `json:"namespace,omitempty"`
	Container string       `json:"container,omitempty"`
	Runs      []Run        `json:"runs,omitempty"`
	OnStop    *OnStop      `json:"onStop,omitempty"`
	Exec      []Exec       `json:"exec,omitempty"`
	Health    []HealthStep `json:"health,omitempty"`
}

// Run scripts one instance.
type Run struct {
	ExitAfter   string `json:"exitAfter,omitempty"`
	ExitCode    int32  `json:"exitCode,omitempty"`
	OOMKilled   bool   `json:"oomKilled,omitempty"`
	CreateError string `json:"createError,omitempty"`
	StartError  string `json:"startError,omitempty"`
}

// OnStop scripts the answer to StopContainer.
type OnStop struct {
	ExitAfter     string `json:"exitAfter,omitempty"`
	ExitCode      *int32 `json:"exitCode,omitempty"`
	IgnoreSigterm bool   `json:"ignoreSigterm,omitempty"`
}

// Exec scripts ExecSync (exec probes and hooks).
type Exec struct {
	Command  []string `json:"command,omitempty"`
	ExitCode int32    `json:"exitCode,omitempty"`
	Stdout   string   `json:"stdout,omitempty"`
	Stderr   string   `json:"stderr,omitempty"`
	Delay    string   `json:"delay,omitempty"`
	Error    string   `json:"error,omitempty"`
}

// HealthStep scripts the answers of network probes.
type HealthStep struct {
	After   string `json:"after,omitempty"`
	Healthy bool   `json:"healthy"`
	Output  string `json:"output,omitempty"`
	Probe   string `json:"probe,omitempty"`
}

// Sandbox scripts sandboxes.
type Sandbox struct {
	Pod       string   `json:"pod,omitempty"`
	Namespace string   `json:"namespace,omitempty"`
	RunErrors []string `json:"runErrors,omitempty"`
	DieAfter  string   `json:"dieAfter,omitempty"`
}

// Condition is a runtime condition.
type Condition struct {
	Ready   bool   `json:"ready"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
}

// ConfigObject is a ConfigMap or a Secret manifest; the kubelet reads only
// which keys it has.
type ConfigObject struct {
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind,omitempty"`
	Metadata   struct {
		Name      string            `json:"name"`
		Namespace string            `json:"namespace,omitempty"`
		Labels    map[string]string `json:"labels,omitempty"`
	} `json:"metadata"`
	Data       map[string]string `json:"data,omitempty"`
	BinaryData map[string]string `json:"binaryData,omitempty"`
	StringData map[string]string `json:"stringData,omitempty"`
	Type       string            `json:"type,omitempty"`
	Immutable  *bool             `json:"immutable,omitempty"`
}

// keys lists the object's keys in order.
func (o *ConfigObject) keys() []string {
	var out []string
	for _, m := range []map[string]string{o.Data, o.BinaryData, o.StringData} {
		for k := range m {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Action is one timeline entry; exactly one of the verbs is set.
type Action struct {
	At              string          `json:"at"`
	Create          json.RawMessage `json:"create,omitempty"`
	Update          json.RawMessage `json:"update,omitempty"`
	Delete          *Delete         `json:"delete,omitempty"`
	Fault           *Fault          `json:"fault,omitempty"`
	CreateConfigMap *ConfigObject   `json:"createConfigMap,omitempty"`
	CreateSecret    *ConfigObject   `json:"createSecret,omitempty"`
	DeleteConfigMap *ObjectRef      `json:"deleteConfigMap,omitempty"`
	DeleteSecret    *ObjectRef      `json:"deleteSecret,omitempty"`
}

// ObjectRef names an object.
type ObjectRef struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
}

// Delete is kubectl delete.
type Delete struct {
	Name               string `json:"name"`
	Namespace          string `json:"namespace,omitempty"`
	GracePeriodSeconds *int64 `json:"gracePeriodSeconds,omitempty"`
	Force              bool   `json:"force,omitempty"`
}

// Fault changes the runtime during the run.
type Fault struct {
	Image         *Image         `json:"image,omitempty"`
	Container     *Container     `json:"container,omitempty"`
	RuntimeReady  *Condition     `json:"runtimeReady,omitempty"`
	NetworkReady  *Condition     `json:"networkReady,omitempty"`
	KillSandbox   *PodRef        `json:"killSandbox,omitempty"`
	ExitContainer *ExitContainer `json:"exitContainer,omitempty"`
	// LoseContainer makes the runtime forget a container (its newest
	// instance), running or not.
	LoseContainer *ContainerRef `json:"loseContainer,omitempty"`
	InjectError   *InjectError  `json:"injectError,omitempty"`
}

// ContainerRef names a container of a pod.
type ContainerRef struct {
	Pod       string `json:"pod"`
	Namespace string `json:"namespace,omitempty"`
	Container string `json:"container"`
}

// PodRef names a pod.
type PodRef struct {
	Pod       string `json:"pod"`
	Namespace string `json:"namespace,omitempty"`
}

// ExitContainer makes a running container exit now.
type ExitContainer struct {
	Pod       string `json:"pod"`
	Namespace string `json:"namespace,omitempty"`
	Container string `json:"container"`
	ExitCode  int32  `json:"exitCode,omitempty"`
	OOMKilled bool   `json:"oomKilled,omitempty"`
}

// InjectError fails the next call of a CRI method.
type InjectError struct {
	Method  string `json:"method"`
	Code    string `json:"code,omitempty"`
	Message string `json:"message"`
}

// Scenario is a decoded, validated scenario.
type Scenario struct {
	File
	// ScenarioRelease is the release the text names ("" for none);
	// File.Release is the one modelled, which Overrides may replace.
	ScenarioRelease string
	Gates           features.Gates
	Pods            []*v1.Pod
	Timeline        []Step
	Until           time.Duration
	opts            kubelet.Options
	node            kubelet.Node
}

// Step is a decoded timeline action.
type Step struct {
	At     time.Duration
	Verb   string
	Pod    *v1.Pod
	Delete *Delete
	Fault  *Fault
	// Object is created by createConfigMap and createSecret; Ref names
	// what deleteConfigMap and deleteSecret delete.
	Object *ConfigObject
	Ref    *ObjectRef
	Line   int
}

// DefaultRelease is used when a scenario names none.
const DefaultRelease = features.Newest

// Parse decodes and validates a scenario.
func Parse(data []byte) (*Scenario, error) {
	return ParseWith(data, Overrides{})
}

// Overrides replace parts of a scenario as it is parsed: settings a surface
// applies to any scenario (the page's release control, its runtime option).
type Overrides struct {
	// Release replaces the scenario's release; the gates and pods are
	// checked against it.
	Release string
	// UnknownImages replaces runtime.unknownImages.
	UnknownImages string
}

// ParseWith is Parse with overrides. Scenario.Release is the release
// modelled; ScenarioRelease keeps the one the text names.
func ParseWith(data []byte, o Overrides) (*Scenario, error) {
	doc, err := yamldoc.Parse(data)
	if err != nil {
		return nil, yamldoc.Locate(err)
	}
	if doc.Root == nil {
		return nil, errors.New("empty scenario")
	}
	return parseNode(doc.Root, o)
}

func parseNode(root *yamldoc.Node, o Overrides) (*Scenario, error) {
	var f File
	ix, err := yamldoc.DecodeNode(root, &f)
	if err != nil {
		return nil, err
	}
	if len(f.Pods) > MaxPods {
		return nil, ix.Errorf(fmt.Sprintf("pods[%d]", MaxPods), "a scenario may hold at most %d pods", MaxPods)
	}
	if len(f.Timeline) > MaxTimeline {
		return nil, ix.Errorf(fmt.Sprintf("timeline[%d]", MaxTimeline), "a timeline may hold at most %d actions", MaxTimeline)
	}
	sc := &Scenario{File: f, ScenarioRelease: f.Release}
	if o.Release != "" {
		sc.Release = o.Release
	}
	if sc.Release == "" {
		sc.Release = DefaultRelease
	}
	if o.UnknownImages != "" {
		rt := Runtime{}
		if sc.Runtime != nil {
			rt = *sc.Runtime
		}
		rt.UnknownImages = o.UnknownImages
		sc.Runtime = &rt
	}
	if _, err := features.Minor(sc.Release); err != nil {
		return nil, ix.Errorf("release", "%v", err)
	}
	// The gates resolve against the release's real catalog, like the
	// kubelet's --feature-gates at start-up.
	g, _, err := features.FromCatalog(sc.Release, sc.FeatureGates)
	if err != nil {
		var unknown *features.UnknownGateError
		if errors.As(err, &unknown) {
			return nil, ix.Errorf("featureGates."+unknown.Name, "%v", err)
		}
		return nil, ix.Errorf("featureGates", "%v", err)
	}
	sc.Gates = g
	// Restartable init containers exist where the gate does (1.28 on).
	sidecars := g.Enabled(features.SidecarContainers)
	dopt := v1.DecodeOptions{ValidateOptions: v1.ValidateOptions{Sidecars: sidecars}}
	if err := sc.decodeOptions(ix); err != nil {
		return nil, err
	}
	if err := sc.validateRuntime(ix, sc.Runtime, "runtime"); err != nil {
		return nil, err
	}
	for _, l := range []struct {
		key, kind string
		objs      []ConfigObject
	}{{"configMaps", "ConfigMap", f.ConfigMaps}, {"secrets", "Secret", f.Secrets}} {
		for i := range l.objs {
			if err := validateConfigObject(ix, fmt.Sprintf("%s[%d]", l.key, i), l.kind, &l.objs[i]); err != nil {
				return nil, err
			}
		}
	}
	podsNode := child(root, "pods")
	for i := range f.Pods {
		p, err := v1.DecodePodNode(podsNode.Content[i], dopt)
		if err != nil {
			return nil, err
		}
		sc.Pods = append(sc.Pods, p)
	}
	tlNode := child(root, "timeline")
	for i, a := range sc.File.Timeline {
		path := fmt.Sprintf("timeline[%d]", i)
		st := Step{Line: tlNode.Content[i].Line}
		if st.At, err = duration(ix, path+".at", a.At, true); err != nil {
			return nil, err
		}
		verbs := 0
		item := tlNode.Content[i]
		if a.Create != nil {
			verbs++
			st.Verb = "create"
			if st.Pod, err = v1.DecodePodNode(child(item, "create"), dopt); err != nil {
				return nil, err
			}
		}
		if a.Update != nil {
			verbs++
			st.Verb = "update"
			if st.Pod, err = v1.DecodePodNode(child(item, "update"), dopt); err != nil {
				return nil, err
			}
		}
		if a.Delete != nil {
			verbs++
			st.Verb, st.Delete = "delete", a.Delete
			if a.Delete.Name == "" {
				return nil, ix.Errorf(path+".delete", "delete needs a pod name")
			}
			if g := a.Delete.GracePeriodSeconds; g != nil && *g < 0 {
				return nil, ix.Errorf(path+".delete.gracePeriodSeconds", "must be >= 0")
			}
		}
		if a.Fault != nil {
			verbs++
			st.Verb, st.Fault = "fault", a.Fault
			if err := sc.validateFault(ix, a.Fault, path+".fault"); err != nil {
				return nil, err
			}
		}
		for _, o := range []struct {
			verb, kind string
			obj        *ConfigObject
		}{{"createConfigMap", "ConfigMap", a.CreateConfigMap}, {"createSecret", "Secret", a.CreateSecret}} {
			if o.obj != nil {
				verbs++
				st.Verb, st.Object = o.verb, o.obj
				if err := validateConfigObject(ix, path+"."+o.verb, o.kind, o.obj); err != nil {
					return nil, err
				}
			}
		}
		for _, o := range []struct {
			verb string
			ref  *ObjectRef
		}{{"deleteConfigMap", a.DeleteConfigMap}, {"deleteSecret", a.DeleteSecret}} {
			if o.ref != nil {
				verbs++
				st.Verb, st.Ref = o.verb, o.ref
				if o.ref.Name == "" {
					return nil, ix.Errorf(path+"."+o.verb, "%s needs a name", o.verb)
				}
			}
		}
		if verbs != 1 {
			return nil, ix.Errorf(path, "a timeline action needs exactly one of create, update, delete, fault, createConfigMap, createSecret, deleteConfigMap, deleteSecret")
		}
		sc.Timeline = append(sc.Timeline, st)
	}
	sort.SliceStable(sc.Timeline, func(i, j int) bool { return sc.Timeline[i].At < sc.Timeline[j].At })
	if sc.Until, err = parseField(ix, "until", sc.File.Until, false, ParseUntil); err != nil {
		return nil, err
	}
	return sc, nil
}

// child is the value of key in mapping n, aliases followed.
func child(n *yamldoc.Node, key string) *yamldoc.Node {
	return n.Get(key).Deref()
}

// Bounds of the durations a scenario, the CLI and the page may give.
const (
	// MaxDuration bounds every duration of a scenario (about 115 days).
	MaxDuration = 10_000_000 * time.Second
	// MaxUntil bounds how much virtual time a run may play: a scenario's
	// until, the CLI's --until and the page's advance.
	MaxUntil = 48 * time.Hour
	// MaxPods and MaxTimeline bound a scenario's pods and actions.
	MaxPods     = 5000
	MaxTimeline = 10000
	// MinSyncFrequency is the shortest resync interval a scenario may set.
	MinSyncFrequency = time.Second
	// maxDurationText bounds a duration's text, so that errors stay short.
	maxDurationText = 32
)

// ParseDuration accepts Go durations ("90s", "2m30s") and plain seconds
// ("30", "1.5"), from 0 to MaxDuration. Signs, exponents, NaN and
// infinities are not durations.
func ParseDuration(s string) (time.Duration, error) {
	if len(s) > maxDurationText {
		return 0, fmt.Errorf("invalid duration %s (use 10s, 2m, 1h30m)", quote(s))
	}
	var d time.Duration
	if secs, ok := plainSeconds(s); ok {
		if secs > MaxDuration.Seconds() {
			return 0, fmt.Errorf("duration %q out of range", s)
		}
		d = time.Duration(secs * float64(time.Second))
	} else {
		var err error
		d, err = time.ParseDuration(s)
		if err != nil {
			return 0, fmt.Errorf("invalid duration %q (use 10s, 2m, 1h30m)", s)
		}
	}
	if d < 0 || d > MaxDuration {
		return 0, fmt.Errorf("duration %q out of range", s)
	}
	return d, nil
}

// ParseUntil is ParseDuration for how long to play, capped at MaxUntil.
func ParseUntil(s string) (time.Duration, error) {
	d, err := ParseDuration(s)
	if err != nil {
		return 0, err
	}
	if d > MaxUntil {
		return 0, fmt.Errorf("at most %v", MaxUntil)
	}
	return d, nil
}

// plainSeconds reads digits with an optional fraction: [0-9]+(\.[0-9]+)?.
func plainSeconds(s string) (float64, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i+1 {
			return 0, false
		}
		i = j
	}
	if i != len(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// quote quotes a text for a message, shortened when long.
func quote(s string) string {
	if len(s) <= maxDurationText {
		return strconv.Quote(s)
	}
	cut := maxDurationText
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

func duration(ix *yamldoc.Index, path, s string, required bool) (time.Duration, error) {
	return parseField(ix, path, s, required, ParseDuration)
}

func parseField(ix *yamldoc.Index, path, s string, required bool, parse func(string) (time.Duration, error)) (time.Duration, error) {
	if s == "" {
		if required {
			return 0, ix.Errorf(path, "missing duration")
		}
		return 0, nil
	}
	d, err := parse(s)
	if err != nil {
		return 0, ix.Errorf(path, "%v", err)
	}
	return d, nil
}

func (sc *Scenario) decodeOptions(ix *yamldoc.Index) error {
	if o := sc.Options; o != nil {
		sc.opts.Jitter, sc.opts.RandomSelect, sc.opts.Seed = o.Jitter, o.RandomSelect, o.Seed
		d, err := duration(ix, "options.syncFrequency", o.SyncFrequency, false)
		if err != nil {
			return err
		}
		if d != 0 && d < MinSyncFrequency {
			// Each resync is work for every pod: a lower bound keeps a
			// 48 h run of a thousand pods finite.
			return ix.Errorf("options.syncFrequency", "must be at least %v", MinSyncFrequency)
		}
		sc.opts.SyncFrequency = d
		switch o.RequeueToBackoffExpiry {
		case "", "auto":
		case "on":
			sc.opts.RequeueToBackoffExpiry = 1
		case "off":
			sc.opts.RequeueToBackoffExpiry = -1
		default:
			return ix.Errorf("options.requeueToBackoffExpiry", "must be auto, on or off, not %q", o.RequeueToBackoffExpiry)
		}
	}
	if n := sc.Node; n != nil {
		sc.node = kubelet.Node{Name: n.Name, OS: n.OS, Labels: n.Labels, Allocatable: n.Allocatable}
		for name, q := range n.Allocatable {
			if _, err := v1.ParseQuantity(q); err != nil {
				return ix.Errorf("node.allocatable."+name, "%v", err)
			}
		}
		for i, t := range n.Taints {
			switch t.Effect {
			case "NoSchedule", "PreferNoSchedule", "NoExecute":
			default:
				return ix.Errorf(fmt.Sprintf("node.taints[%d].effect", i), "unsupported effect %q", t.Effect)
			}
			sc.node.Taints = append(sc.node.Taints, t)
		}
		d, err := duration(ix, "node.maxContainerRestartPeriod", n.MaxContainerRestartPeriod, false)
		if err != nil {
			return err
		}
		if d != 0 && (d < time.Second || d > 300*time.Second) {
			return ix.Errorf("node.maxContainerRestartPeriod", "must be between 1s and 300s")
		}
		sc.node.MaxContainerRestartPeriod = d
	}
	return nil
}

func (sc *Scenario) validateRuntime(ix *yamldoc.Index, r *Runtime, path string) error {
	if r == nil {
		return nil
	}
	switch r.UnknownImages {
	case "", UnknownImagesPull, UnknownImagesMissing:
	default:
		return ix.Errorf(path+".unknownImages", "%q is not one of %q, %q", r.UnknownImages, UnknownImagesPull, UnknownImagesMissing)
	}
	for i, im := range r.Images {
		if err := validateImage(ix, im, fmt.Sprintf("%s.images[%d]", path, i)); err != nil {
			return err
		}
	}
	for i, c := range r.Containers {
		if err := validateContainer(ix, c, fmt.Sprintf("%s.containers[%d]", path, i)); err != nil {
			return err
		}
	}
	for i, s := range r.Sandboxes {
		if _, err := duration(ix, fmt.Sprintf("%s.sandboxes[%d].dieAfter", path, i), s.DieAfter, false); err != nil {
			return err
		}
	}
	return nil
}

func validateImage(ix *yamldoc.Index, im Image, p string) error {
	if im.Image == "" {
		return ix.Errorf(p, "image needs a name")
	}
	_, err := duration(ix, p+".pullDelay", im.PullDelay, false)
	return err
}

func validateContainer(ix *yamldoc.Index, c Container, p string) error {
	for j, r := range c.Runs {
		if _, err := duration(ix, fmt.Sprintf("%s.runs[%d].exitAfter", p, j), r.ExitAfter, false); err != nil {
			return err
		}
	}
	if c.OnStop != nil {
		if _, err := duration(ix, p+".onStop.exitAfter", c.OnStop.ExitAfter, false); err != nil {
			return err
		}
	}
	for j, e := range c.Exec {
		if _, err := duration(ix, fmt.Sprintf("%s.exec[%d].delay", p, j), e.Delay, false); err != nil {
			return err
		}
	}
	for j, h := range c.Health {
		if _, err := duration(ix, fmt.Sprintf("%s.health[%d].after", p, j), h.After, false); err != nil {
			return err
		}
		switch h.Probe {
		case "", "liveness", "readiness", "startup":
		default:
			return ix.Errorf(fmt.Sprintf("%s.health[%d].probe", p, j), "probe must be liveness, readiness or startup")
		}
	}
	return nil
}

func (sc *Scenario) validateFault(ix *yamldoc.Index, f *Fault, p string) error {
	n := 0
	if f.Image != nil {
		n++
		if err := validateImage(ix, *f.Image, p+".image"); err != nil {
			return err
		}
	}
	if f.Container != nil {
		n++
		if err := validateContainer(ix, *f.Container, p+".container"); err != nil {
			return err
		}
	}
	for _, set := range []bool{f.RuntimeReady != nil, f.NetworkReady != nil, f.KillSandbox != nil, f.ExitContainer != nil, f.LoseContainer != nil, f.InjectError != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return ix.Errorf(p, "a fault needs exactly one of image, container, runtimeReady, networkReady, killSandbox, exitContainer, loseContainer, injectError")
	}
	if e := f.InjectError; e != nil {
		if e.Method == "" {
			return ix.Errorf(p+".injectError.method", "missing CRI method")
		}
		if e.Code != "" {
			if _, ok := cri.ParseCode(e.Code); !ok {
				return ix.Errorf(p+".injectError.code", "unknown gRPC code %q", e.Code)
			}
		}
	}
	return nil
}

func mustDur(s string) time.Duration {
	d, _ := ParseDuration(s)
	return d
}

func toImageScript(im Image) fake.ImageScript {
	return fake.ImageScript{Image: im.Image, Present: im.Present, PullDelay: mustDur(im.PullDelay), PullErrors: im.PullErrors, AlwaysFail: im.AlwaysFail, Missing: im.Missing, Size: im.Size}
}

func toContainerScript(c Container) fake.ContainerScript {
	s := fake.ContainerScript{Pod: c.Pod, Namespace: c.Namespace, Container: c.Container}
	for _, r := range c.Runs {
		s.Runs = append(s.Runs, fake.Instance{ExitAfter: mustDur(r.ExitAfter), ExitCode: r.ExitCode, OOMKilled: r.OOMKilled, CreateError: r.CreateError, StartError: r.StartError})
	}
	if c.OnStop != nil {
		s.OnStop = &fake.OnStop{ExitAfter: mustDur(c.OnStop.ExitAfter), ExitCode: c.OnStop.ExitCode, IgnoreSigterm: c.OnStop.IgnoreSigterm}
	}
	for _, e := range c.Exec {
		s.Exec = append(s.Exec, fake.Exec{Command: e.Command, ExitCode: e.ExitCode, Stdout: e.Stdout, Stderr: e.Stderr, Delay: mustDur(e.Delay), Error: e.Error})
	}
	for _, h := range c.Health {
		s.Health = append(s.Health, fake.HealthStep{After: mustDur(h.After), Healthy: h.Healthy, Output: h.Output, Probe: h.Probe})
	}
	return s
}

func applyRuntime(rt *fake.Runtime, r *Runtime) {
	if r == nil {
		return
	}
	rt.SetUnknownImagesMissing(r.UnknownImages == UnknownImagesMissing)
	for _, im := range r.PresentImages {
		rt.SetImage(fake.ImageScript{Image: im, Present: true})
	}
	for _, im := range r.Images {
		rt.SetImage(toImageScript(im))
	}
	for _, c := range r.Containers {
		rt.AddContainerScript(toContainerScript(c))
	}
	for _, s := range r.Sandboxes {
		rt.AddSandboxScript(fake.SandboxScript{Pod: s.Pod, Namespace: s.Namespace, RunErrors: s.RunErrors, DieAfter: mustDur(s.DieAfter)})
	}
	if c := r.RuntimeReady; c != nil {
		rt.SetRuntimeReady(c.Ready, c.Reason, c.Message)
	}
	if c := r.NetworkReady; c != nil {
		rt.SetNetworkReady(c.Ready, c.Reason, c.Message)
	}
}

// validateConfigObject checks a ConfigMap or Secret manifest: it needs a
// name, and a kind, if given, must be the one its place implies.
func validateConfigObject(ix *yamldoc.Index, path, kind string, o *ConfigObject) error {
	if o.Kind != "" && o.Kind != kind {
		return ix.Errorf(path+".kind", "must be %s, not %q", kind, o.Kind)
	}
	if o.Metadata.Name == "" {
		return ix.Errorf(path+".metadata.name", "a %s needs a name", kind)
	}
	if kind == "ConfigMap" && len(o.StringData) > 0 {
		return ix.Errorf(path+".stringData", "a ConfigMap has no stringData (use data)")
	}
	return nil
}

// Build creates the kubelet of a scenario at sim.Epoch, starts it, creates
// the scenario's pods at t=0 and schedules the timeline. Nothing runs
// until the caller advances the kubelet.
func (sc *Scenario) Build() (*kubelet.Kubelet, error) {
	clock := sim.NewClock(sim.Epoch)
	rt := fake.New(clock)
	applyRuntime(rt, sc.Runtime)
	k, err := kubelet.New(kubelet.Config{Release: sc.Release, Gates: sc.Gates, Node: sc.node, Clock: clock, Runtime: rt, Options: sc.opts})
	if err != nil {
		return nil, err
	}
	k.Start()
	for i := range sc.ConfigMaps {
		applyConfigObject(k, "createConfigMap", &sc.ConfigMaps[i])
	}
	for i := range sc.Secrets {
		applyConfigObject(k, "createSecret", &sc.Secrets[i])
	}
	for _, p := range sc.Pods {
		if _, err := k.CreatePod(p); err != nil {
			return nil, err
		}
	}
	for _, st := range sc.Timeline {
		st := st
		k.At(sim.Epoch.Add(st.At), "timeline "+st.Verb, func() {
			if err := Apply(k, st); err != nil {
				k.Note("timeline", fmt.Sprintf("line %d: %s failed: %v", st.Line, st.Verb, err))
			}
		})
	}
	return k, nil
}

// Apply performs one timeline action now.
func Apply(k *kubelet.Kubelet, st Step) error {
	switch st.Verb {
	case "create":
		_, err := k.CreatePod(st.Pod)
		return err
	case "update":
		return k.UpdatePod(st.Pod)
	case "delete":
		ns := st.Delete.Namespace
		if ns == "" {
			ns = "default"
		}
		return k.DeletePod(ns, st.Delete.Name, st.Delete.GracePeriodSeconds, st.Delete.Force)
	case "fault":
		return ApplyFault(k, st.Fault)
	case "createConfigMap", "createSecret":
		applyConfigObject(k, st.Verb, st.Object)
		return nil
	case "deleteConfigMap":
		return k.DeleteConfigMap(nsOr(st.Ref.Namespace), st.Ref.Name)
	case "deleteSecret":
		return k.DeleteSecret(nsOr(st.Ref.Namespace), st.Ref.Name)
	}
	return fmt.Errorf("unknown action %q", st.Verb)
}

func applyConfigObject(k *kubelet.Kubelet, verb string, o *ConfigObject) {
	if verb == "createSecret" {
		k.SetSecret(nsOr(o.Metadata.Namespace), o.Metadata.Name, o.keys())
		return
	}
	k.SetConfigMap(nsOr(o.Metadata.Namespace), o.Metadata.Name, o.keys())
}

// ApplyFault changes the runtime now.
func ApplyFault(k *kubelet.Kubelet, f *Fault) error {
	rt := k.Runtime()
	switch {
	case f.Image != nil:
		rt.SetImage(toImageScript(*f.Image))
	case f.Container != nil:
		rt.AddContainerScript(toContainerScript(*f.Container))
	case f.RuntimeReady != nil:
		rt.SetRuntimeReady(f.RuntimeReady.Ready, f.RuntimeReady.Reason, f.RuntimeReady.Message)
	case f.NetworkReady != nil:
		rt.SetNetworkReady(f.NetworkReady.Ready, f.NetworkReady.Reason, f.NetworkReady.Message)
	case f.KillSandbox != nil:
		if !k.KillSandbox(nsOr(f.KillSandbox.Namespace), f.KillSandbox.Pod) {
			return fmt.Errorf("pod %s has no ready sandbox", f.KillSandbox.Pod)
		}
	case f.ExitContainer != nil:
		e := f.ExitContainer
		if !k.ExitContainer(nsOr(e.Namespace), e.Pod, e.Container, e.ExitCode, e.OOMKilled) {
			return fmt.Errorf("container %s of pod %s is not running", e.Container, e.Pod)
		}
	case f.LoseContainer != nil:
		e := f.LoseContainer
		if !k.LoseContainer(nsOr(e.Namespace), e.Pod, e.Container) {
			return fmt.Errorf("pod %s has no container %s in the runtime", e.Pod, e.Container)
		}
	case f.InjectError != nil:
		code := cri.Unknown
		if f.InjectError.Code != "" {
			code, _ = cri.ParseCode(f.InjectError.Code)
		}
		rt.InjectError(f.InjectError.Method, cri.Errorf(code, "%s", f.InjectError.Message))
	}
	return nil
}

func nsOr(ns string) string {
	if ns == "" {
		return "default"
	}
	return ns
}

// ParseAction decodes one timeline action without `at` (an edit made while
// the simulation runs), with the scenario's release and gates.
func ParseAction(data []byte, sc *Scenario) (Step, error) {
	doc, err := yamldoc.Parse(data)
	if err != nil {
		return Step{}, yamldoc.Locate(err)
	}
	root := doc.Root.Deref()
	if root == nil {
		return Step{}, errors.New("empty action")
	}
	if root.Kind == yamldoc.MappingNode {
		// Accept an optional at: now; the action happens at 0s of the
		// wrapping scenario, that is now.
		action := &yamldoc.Node{Kind: yamldoc.MappingNode, Tag: root.Tag, Line: root.Line, Column: root.Column,
			Content: []*yamldoc.Node{stringNode("at"), stringNode("0s")}}
		for i := 0; i+1 < len(root.Content); i += 2 {
			if yamldoc.KeyString(root.Content[i].Deref()) != "at" {
				action.Content = append(action.Content, root.Content[i], root.Content[i+1])
			}
		}
		root = action
	}
	wrapped := &yamldoc.Node{Kind: yamldoc.MappingNode, Content: []*yamldoc.Node{
		stringNode("release"), stringNode(sc.Release),
		stringNode("timeline"), {Kind: yamldoc.SequenceNode, Content: []*yamldoc.Node{root}},
	}}
	if len(sc.FeatureGates) > 0 {
		gates := &yamldoc.Node{Kind: yamldoc.MappingNode}
		for _, name := range slices.Sorted(maps.Keys(sc.FeatureGates)) {
			on := sc.FeatureGates[name]
			gates.Content = append(gates.Content, stringNode(name), &yamldoc.Node{Kind: yamldoc.ScalarNode, Tag: "!!bool", Text: strconv.FormatBool(on), Value: on})
		}
		wrapped.Content = append(wrapped.Content, stringNode("featureGates"), gates)
	}
	parsed, err := parseNode(wrapped, Overrides{})
	if err != nil {
		return Step{}, err
	}
	if len(parsed.Timeline) != 1 {
		return Step{}, errors.New("want one action")
	}
	return parsed.Timeline[0], nil
}

func stringNode(s string) *yamldoc.Node {
	return &yamldoc.Node{Kind: yamldoc.ScalarNode, Tag: "!!str", Text: s, Value: s}
}
