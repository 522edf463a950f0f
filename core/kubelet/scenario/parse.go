package scenario

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/cri/fake"
	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/features"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
	"github.com/kubexplorer/kubexplorer/core/yamldoc"
)

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

// Bounds of the durations a scenario, the CLI and the page may give.
const (
	// MaxDuration bounds every duration of a scenario (about 115 days).
	MaxDuration = sim.MaxDuration
	// MaxUntil bounds how much virtual time a run may play: a scenario's
	// until, the CLI's --until and the page's advance.
	MaxUntil = 48 * time.Hour
	// MaxPods and MaxTimeline bound a scenario's pods and actions.
	MaxPods     = 5000
	MaxTimeline = 10000
	// MinSyncFrequency is the shortest resync interval a scenario may set.
	MinSyncFrequency = time.Second
)

// ParseDuration accepts Go durations ("90s", "2m30s") and plain seconds
// ("30", "1.5"), from 0 to MaxDuration (sim.ParseDuration).
func ParseDuration(s string) (time.Duration, error) { return sim.ParseDuration(s) }

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

// dialect is the strict dialect that also checks each sim.Duration where
// it is written, so that a bad one is reported at its own field. Like any
// other text field, a duration must be a string (a plain number is
// quoted); an empty one is unset.
type dialect struct {
	yamldoc.Dialect
	ix *yamldoc.Index
}

var (
	durationType = reflect.TypeFor[sim.Duration]()
	stringType   = reflect.TypeFor[string]()
)

func (d dialect) SelfDecoding(n *yamldoc.Node, path string, t reflect.Type) error {
	if t != durationType {
		return d.Dialect.SelfDecoding(n, path, t)
	}
	s, ok := n.Value.(string)
	if !ok {
		return d.Mismatch(n, path, stringType)
	}
	if s == "" {
		return nil
	}
	if _, err := ParseDuration(s); err != nil {
		return d.ix.Errorf(path, "%v", err)
	}
	return nil
}

func parseNode(root *yamldoc.Node, o Overrides) (*Scenario, error) {
	var f File
	ix := yamldoc.IndexOf(root)
	if _, err := yamldoc.DecodeNodeWith(root, &f, dialect{yamldoc.Strict, ix}); err != nil {
		return nil, yamldoc.Locate(err)
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
	minor, _ := features.Minor(sc.Release)
	dopt := v1.DecodeOptions{ValidateOptions: kubelet.APIValidateOptions(release.Of(minor), g)}
	if err := sc.decodeOptions(ix); err != nil {
		return nil, err
	}
	if err := validateRuntime(ix, sc.Runtime, "runtime"); err != nil {
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
		st, err := parseAction(ix, fmt.Sprintf("timeline[%d]", i), tlNode.Content[i], a, dopt)
		if err != nil {
			return nil, err
		}
		sc.Timeline = append(sc.Timeline, st)
	}
	sort.SliceStable(sc.Timeline, func(i, j int) bool { return sc.Timeline[i].At < sc.Timeline[j].At })
	if sc.Until, err = parseField(ix, "until", sc.File.Until, false, ParseUntil); err != nil {
		return nil, err
	}
	return sc, nil
}

// parseAction decodes timeline action a, written at item (path).
func parseAction(ix *yamldoc.Index, path string, item *yamldoc.Node, a Action, dopt v1.DecodeOptions) (Step, error) {
	st := Step{Line: item.Line}
	var err error
	if st.At, err = parseField(ix, path+".at", a.At, true, ParseDuration); err != nil {
		return Step{}, err
	}
	verbs := 0
	if a.Create != nil {
		verbs++
		st.Verb = "create"
		if st.Pod, err = v1.DecodePodNode(child(item, "create"), dopt); err != nil {
			return Step{}, err
		}
	}
	if a.Update != nil {
		verbs++
		st.Verb = "update"
		if st.Pod, err = v1.DecodePodNode(child(item, "update"), dopt); err != nil {
			return Step{}, err
		}
	}
	if a.Delete != nil {
		verbs++
		st.Verb, st.Delete = "delete", a.Delete
		if a.Delete.Name == "" {
			return Step{}, ix.Errorf(path+".delete", "delete needs a pod name")
		}
		if g := a.Delete.GracePeriodSeconds; g != nil && *g < 0 {
			return Step{}, ix.Errorf(path+".delete.gracePeriodSeconds", "must be >= 0")
		}
	}
	if a.Fault != nil {
		verbs++
		st.Verb, st.Fault = "fault", a.Fault
		if err := validateFault(ix, a.Fault, path+".fault"); err != nil {
			return Step{}, err
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
				return Step{}, err
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
				return Step{}, ix.Errorf(path+"."+o.verb, "%s needs a name", o.verb)
			}
		}
	}
	if verbs != 1 {
		return Step{}, ix.Errorf(path, "a timeline action needs exactly one of create, update, delete, fault, createConfigMap, createSecret, deleteConfigMap, deleteSecret")
	}
	return st, nil
}

// child is the value of key in mapping n, aliases followed.
func child(n *yamldoc.Node, key string) *yamldoc.Node {
	return n.Get(key).Deref()
}

// parseField parses the duration at path with parse; an empty one is an
// error when required, else zero.
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
		d := o.SyncFrequency.Std()
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
		d := n.MaxContainerRestartPeriod.Std()
		if d != 0 && (d < time.Second || d > 300*time.Second) {
			return ix.Errorf("node.maxContainerRestartPeriod", "must be between 1s and 300s")
		}
		sc.node.MaxContainerRestartPeriod = d
	}
	return nil
}

// validateRuntime checks what decoding leaves: names and probe types
// (durations are checked as they are decoded).
func validateRuntime(ix *yamldoc.Index, r *Runtime, path string) error {
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
	return nil
}

func validateImage(ix *yamldoc.Index, im fake.ImageScript, p string) error {
	if im.Image == "" {
		return ix.Errorf(p, "image needs a name")
	}
	return nil
}

func validateContainer(ix *yamldoc.Index, c fake.ContainerScript, p string) error {
	for j, h := range c.Health {
		switch h.Probe {
		case "", "liveness", "readiness", "startup":
		default:
			return ix.Errorf(fmt.Sprintf("%s.health[%d].probe", p, j), "probe must be liveness, readiness or startup")
		}
	}
	return nil
}

func validateFault(ix *yamldoc.Index, f *Fault, p string) error {
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
