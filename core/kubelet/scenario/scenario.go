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
	"sort"
	"strconv"
	"strings"
	"time"

	yamlv3 "go.yaml.in/yaml/v3"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/cri/fake"
	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/features"
	"github.com/kubexplorer/kubexplorer/core/kubelet/internal/strictyaml"
	"github.com/kubexplorer/kubexplorer/core/kubelet/lifecycle"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
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
	var doc yamlv3.Node
	if err := yamlv3.Unmarshal(data, &doc); err != nil {
		var te *yamlv3.TypeError
		if errors.As(err, &te) {
			return nil, errors.New(strings.Join(te.Errors, "; "))
		}
		return nil, strictyaml.Syntax(err)
	}
	if doc.Kind != yamlv3.DocumentNode || len(doc.Content) == 0 {
		return nil, errors.New("empty scenario")
	}
	return parseNode(doc.Content[0], o)
}

func parseNode(root *yamlv3.Node, o Overrides) (*Scenario, error) {
	var f File
	ix, err := strictyaml.DecodeNode(root, &f)
	if err != nil {
		return nil, err
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
	if sc.Until, err = duration(ix, "until", sc.File.Until, false); err != nil {
		return nil, err
	}
	return sc, nil
}

func child(n *yamlv3.Node, key string) *yamlv3.Node {
	if n == nil || n.Kind != yamlv3.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// ParseDuration accepts Go durations ("90s", "2m30s") and plain seconds.
func ParseDuration(s string) (time.Duration, error) {
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		if n < 0 || n > 1e7 {
			return 0, fmt.Errorf("duration %q out of range", s)
		}
		return time.Duration(n * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("invalid duration %q (use 10s, 2m, 1h30m)", s)
	}
	if d < 0 || d > 1e7*time.Second {
		return 0, fmt.Errorf("duration %q out of range", s)
	}
	return d, nil
}

func duration(ix *strictyaml.Index, path, s string, required bool) (time.Duration, error) {
	if s == "" {
		if required {
			return 0, ix.Errorf(path, "missing duration")
		}
		return 0, nil
	}
	d, err := ParseDuration(s)
	if err != nil {
		return 0, ix.Errorf(path, "%v", err)
	}
	return d, nil
}

func (sc *Scenario) decodeOptions(ix *strictyaml.Index) error {
	if o := sc.Options; o != nil {
		sc.opts.Jitter, sc.opts.RandomSelect, sc.opts.Seed = o.Jitter, o.RandomSelect, o.Seed
		d, err := duration(ix, "options.syncFrequency", o.SyncFrequency, false)
		if err != nil {
			return err
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

func (sc *Scenario) validateRuntime(ix *strictyaml.Index, r *Runtime, path string) error {
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

func validateImage(ix *strictyaml.Index, im Image, p string) error {
	if im.Image == "" {
		return ix.Errorf(p, "image needs a name")
	}
	_, err := duration(ix, p+".pullDelay", im.PullDelay, false)
	return err
}

func validateContainer(ix *strictyaml.Index, c Container, p string) error {
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

func (sc *Scenario) validateFault(ix *strictyaml.Index, f *Fault, p string) error {
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
func validateConfigObject(ix *strictyaml.Index, path, kind string, o *ConfigObject) error {
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
	var doc yamlv3.Node
	if err := yamlv3.Unmarshal(data, &doc); err != nil {
		return Step{}, strictyaml.Syntax(err)
	}
	if doc.Kind != yamlv3.DocumentNode || len(doc.Content) == 0 {
		return Step{}, errors.New("empty action")
	}
	root := doc.Content[0]
	if root.Kind == yamlv3.MappingNode {
		// Accept an optional at: now.
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == "at" {
				root.Content = append(root.Content[:i:i], root.Content[i+2:]...)
				break
			}
		}
	}
	wrapped := &yamlv3.Node{Kind: yamlv3.MappingNode, Content: []*yamlv3.Node{
		{Kind: yamlv3.ScalarNode, Tag: "!!str", Value: "release"}, {Kind: yamlv3.ScalarNode, Tag: "!!str", Value: sc.Release},
		{Kind: yamlv3.ScalarNode, Tag: "!!str", Value: "timeline"}, {Kind: yamlv3.SequenceNode, Content: []*yamlv3.Node{root}},
	}}
	if root.Kind == yamlv3.MappingNode {
		root.Content = append([]*yamlv3.Node{{Kind: yamlv3.ScalarNode, Tag: "!!str", Value: "at"}, {Kind: yamlv3.ScalarNode, Tag: "!!str", Value: "0s"}}, root.Content...)
	}
	if len(sc.FeatureGates) > 0 {
		gates := &yamlv3.Node{Kind: yamlv3.MappingNode}
		for name, on := range sc.FeatureGates {
			gates.Content = append(gates.Content, &yamlv3.Node{Kind: yamlv3.ScalarNode, Tag: "!!str", Value: name}, &yamlv3.Node{Kind: yamlv3.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(on)})
		}
		wrapped.Content = append(wrapped.Content, &yamlv3.Node{Kind: yamlv3.ScalarNode, Tag: "!!str", Value: "featureGates"}, gates)
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
