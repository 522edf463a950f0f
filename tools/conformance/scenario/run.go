package scenario

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Op is one step of a scenario. Do names the operation; the other fields
// are its arguments.
type Op struct {
	Do     string
	Specs  map[string][]Spec   // add (one spec each), addVersioned
	Deps   map[string][]string // addDeps
	Values map[string]bool     // setFromMap
	Arg    string              // set (the string), enabled/reset/override/overrideAt/explicitlySet (the name), setEmu/newVersioned (version)
	Arg2   string              // setEmuMC/newVersionedMC (min-compatibility version), overrideAt (version)
	Bool   bool                // override, overrideAt
}

// minLibrary is the first library generation that has an operation.
var minLibrary = map[string]int{
	"new": 18, "add": 18, "setFromMap": 18, "set": 18, "enabled": 18, "copy": 18, "pop": 18, "addFlag": 18,
	"getAll": 22, "addMetrics": 26, "override": 30,
	"newVersioned": 31, "addVersioned": 31, "copyReset": 31, "close": 31, "setEmu": 31, "validate": 31,
	"reset": 31, "explicitlySet": 31, "overrideAt": 31,
	"newVersionedMC": 35, "addDeps": 35, "setEmuMC": 35,
}

func (o Op) String() string {
	var b strings.Builder
	b.WriteString(o.Do)
	if len(o.Specs) > 0 {
		for _, k := range sortedKeys(o.Specs) {
			fmt.Fprintf(&b, " %s=%v", k, o.Specs[k])
		}
	}
	if len(o.Deps) > 0 {
		for _, k := range sortedKeys(o.Deps) {
			fmt.Fprintf(&b, " %s->%v", k, o.Deps[k])
		}
	}
	if len(o.Values) > 0 {
		for _, k := range sortedKeys(o.Values) {
			fmt.Fprintf(&b, " %s=%t", k, o.Values[k])
		}
	}
	if o.Arg != "" || o.Do == "set" {
		fmt.Fprintf(&b, " %q", o.Arg)
	}
	if o.Arg2 != "" {
		fmt.Fprintf(&b, " %q", o.Arg2)
	}
	if o.Do == "override" || o.Do == "overrideAt" {
		fmt.Fprintf(&b, " %t", o.Bool)
	}
	return b.String()
}

// Case is a named scenario.
type Case struct {
	Name string
	// MinLib / MaxLib restrict the library generations the case runs on
	// (0 = no bound); a case whose operations a generation lacks is skipped
	// there anyway.
	MinLib, MaxLib int
	Ops            []Op
}

// Applies reports whether the case runs on library lib.
func (c Case) Applies(lib int) bool {
	if c.MinLib != 0 && lib < c.MinLib || c.MaxLib != 0 && lib > c.MaxLib {
		return false
	}
	for _, o := range c.Ops {
		m, ok := minLibrary[o.Do]
		if !ok || lib < m {
			return false
		}
	}
	return true
}

// Mismatch is one step where the implementations disagree.
type Mismatch struct {
	Case string
	Step int
	Op   string
	What string
	Ours string
	Up   string
}

func (m Mismatch) String() string {
	ours, up := compact(m.Ours, m.Up)
	return fmt.Sprintf("%s, step %d (%s): %s\n    kubexplorer: %s\n    upstream:    %s", m.Case, m.Step, m.Op, m.What, ours, up)
}

// compact shortens long observations (the state of a real catalog runs to
// thousands of characters) to the space-separated fields that differ.
func compact(a, b string) (string, string) {
	const limit = 400
	if len(a)+len(b) <= 2*limit {
		return a, b
	}
	count := func(s string) map[string]int {
		m := map[string]int{}
		for _, f := range strings.Fields(s) {
			m[f]++
		}
		return m
	}
	ca, cb := count(a), count(b)
	only := func(s string, self, other map[string]int) string {
		var out []string
		for _, f := range strings.Fields(s) {
			if self[f] > other[f] {
				out = append(out, f)
				self[f]--
			}
		}
		r := "differs in: " + strings.Join(out, " ")
		if len(r) > limit {
			r = r[:limit] + " …"
		}
		return r
	}
	return only(a, copyCounts(ca), cb), only(b, copyCounts(cb), ca)
}

func copyCounts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// side is one implementation's state while a case runs.
type side struct {
	impl  Impl
	gates []Gate // a stack: copy pushes, pop returns to the previous gate
}

func (s *side) cur() Gate {
	if len(s.gates) == 0 {
		return nil
	}
	return s.gates[len(s.gates)-1]
}

// outcome is what one step did on one side.
type outcome struct {
	errs     []string // split aggregate, in returned order
	errText  string   // the error's full text ("" when none)
	result   string   // non-error result (enabled value, usage text, ...)
	warnings []string
	// emulation are the "will change already queried feature" warnings.
	emulation []string
	snapshot  string
}

// Run executes a case on both implementations (ours and upstream, of the
// same library generation) and returns the steps where they disagree.
func Run(c Case, ours, up Impl) []Mismatch {
	lib := up.Library()
	o := &side{impl: ours}
	u := &side{impl: up}
	ours.TakeWarnings()
	up.TakeWarnings()
	names := map[string]bool{"AllAlpha": true, "AllBeta": true}
	for _, op := range c.Ops {
		for k := range op.Specs {
			names[k] = true
		}
		for k, ds := range op.Deps {
			names[k] = true
			for _, d := range ds {
				names[d] = true
			}
		}
		for k := range op.Values {
			names[k] = true
		}
		if op.Do == "enabled" || op.Do == "reset" || op.Do == "override" || op.Do == "overrideAt" || op.Do == "explicitlySet" {
			names[op.Arg] = true
		}
	}
	tracked := sortedKeys(names)
	// raw mirrors every key ever set on each gate of the stack (v0.31+
	// re-resolves all of them on every call).
	raws := []map[string]bool{{}}
	var out []Mismatch
	for i, op := range c.Ops {
		rawBefore := copyRaw(raws[len(raws)-1])
		oo := step(o, op, tracked, lib)
		uo := step(u, op, tracked, lib)
		// Keep the raw mirror in step with the gate stack.
		switch op.Do {
		case "new", "newVersioned", "newVersionedMC":
			raws = append(raws[:0], map[string]bool{})
		case "copy":
			raws = append(raws, copyRaw(raws[len(raws)-1]))
		case "copyReset":
			raws = append(raws, map[string]bool{})
		case "pop":
			if len(raws) > 1 {
				raws = raws[:len(raws)-1]
			}
		case "setFromMap":
			for k, v := range op.Values {
				raws[len(raws)-1][k] = v
			}
		case "set":
			if m, err := parseSetString(op.Arg); err == nil {
				for k, v := range m {
					raws[len(raws)-1][k] = v
				}
			}
		case "reset":
			if oo.errText == "" {
				delete(raws[len(raws)-1], op.Arg)
			}
		}
		mm := Mismatch{Case: c.Name, Step: i + 1, Op: op.String()}
		if oo.result != uo.result {
			mm.What, mm.Ours, mm.Up = "result", oo.result, uo.result
			out = append(out, mm)
		}
		// Emulation-change warnings are compared on their own below.
		oo.warnings, uo.warnings = otherWarnings(oo.warnings), otherWarnings(uo.warnings)
		if !sameOutcome(oo, uo) {
			// Maybe only map order differs: check both against the
			// outcomes some iteration order can produce.
			okO, whyO := plausible(op, oo, u, lib, rawBefore, raws[len(raws)-1])
			okU, whyU := plausible(op, uo, u, lib, rawBefore, raws[len(raws)-1])
			if !okO || !okU {
				mm.What = "errors/warnings"
				if !okU {
					mm.What += " (upstream outside the order model: " + whyU + ")"
				} else {
					mm.What += " (" + whyO + ")"
				}
				mm.Ours = describe(oo)
				mm.Up = describe(uo)
				out = append(out, mm)
			}
		}
		a, b := oo.emulation, uo.emulation
		if orderDependentEmulation(op, oo, uo, raws[len(raws)-1]) {
			a, b = dropRawFeatures(a, raws[len(raws)-1]), dropRawFeatures(b, raws[len(raws)-1])
		}
		if !sameMultiset(a, b) {
			mm.What, mm.Ours, mm.Up = "emulation-change warnings", fmt.Sprint(a), fmt.Sprint(b)
			out = append(out, mm)
		}
		if oo.snapshot != uo.snapshot {
			mm.What, mm.Ours, mm.Up = "state after the step", oo.snapshot, uo.snapshot
			out = append(out, mm)
		}
	}
	return out
}

// orderDependentEmulation reports whether an emulation change re-resolved
// a raw map that holds an unknown key: upstream's SetFromMap stops at the
// first unknown key it meets while ranging over the map, so which of the
// other raw keys made it into the new values (and hence which queried
// features warn) depends on Go's map order.
func orderDependentEmulation(op Op, oo, uo outcome, raw map[string]bool) bool {
	switch op.Do {
	case "setEmu", "setEmuMC":
	default:
		return false
	}
	return strings.Contains(oo.errText, "unrecognized feature gate") || strings.Contains(uo.errText, "unrecognized feature gate")
}

// dropRawFeatures removes the emulation-change warnings about features in
// raw; with AllAlpha or AllBeta in raw every feature may be affected, so all
// are dropped.
func dropRawFeatures(ws []string, raw map[string]bool) []string {
	if _, ok := raw["AllAlpha"]; ok {
		return nil
	}
	if _, ok := raw["AllBeta"]; ok {
		return nil
	}
	var out []string
	for _, w := range ws {
		if _, ok := raw[warnedFeature(w)]; !ok {
			out = append(out, w)
		}
	}
	return out
}

// warnedFeature extracts the feature name from an emulation-change warning
// in either dialect: "...queried feature:NAME from a to b" (klog.Warningf,
// up to v0.35) or `... featureGate="NAME" oldValue=...` (structured, v0.36+).
func warnedFeature(w string) string {
	if i := strings.Index(w, `featureGate="`); i >= 0 {
		rest := w[i+len(`featureGate="`):]
		if j := strings.IndexByte(rest, '"'); j >= 0 {
			return rest[:j]
		}
	}
	if i := strings.Index(w, "queried feature:"); i >= 0 {
		rest := w[i+len("queried feature:"):]
		if j := strings.IndexByte(rest, ' '); j >= 0 {
			return rest[:j]
		}
		return rest
	}
	return ""
}

func isEmulationWarning(w string) bool {
	return strings.Contains(w, "will change already queried feature")
}

func emulationWarnings(ws []string) []string {
	var out []string
	for _, w := range ws {
		if isEmulationWarning(w) {
			out = append(out, w)
		}
	}
	return out
}

func otherWarnings(ws []string) []string {
	var out []string
	for _, w := range ws {
		if !isEmulationWarning(w) {
			out = append(out, w)
		}
	}
	return out
}

func describe(o outcome) string {
	return fmt.Sprintf("error %q; warnings %q", o.errText, o.warnings)
}

func copyRaw(m map[string]bool) map[string]bool {
	out := make(map[string]bool, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// step applies op on one side and observes it. A panic in the call is
// its result (Enabled on an unknown feature panics by design).
func step(s *side, op Op, tracked []string, lib int) (oc outcome) {
	defer func() {
		if r := recover(); r != nil {
			oc.result = fmt.Sprintf("panic in %s: %v", op.Do, r)
			oc.warnings = s.impl.TakeWarnings()
			oc.emulation = emulationWarnings(oc.warnings)
		}
	}()
	var err error
	var errList []error
	g := s.cur()
	needGate := func() bool {
		if g == nil {
			oc.result = "no gate"
			return false
		}
		return true
	}
	switch op.Do {
	case "new":
		s.gates = []Gate{s.impl.NewFeatureGate()}
	case "newVersioned":
		s.gates = []Gate{s.impl.NewVersioned(op.Arg)}
	case "newVersionedMC":
		s.gates = []Gate{s.impl.NewVersionedWithMinCompat(op.Arg, op.Arg2)}
	case "add":
		if needGate() {
			m := map[string]Spec{}
			for k, v := range op.Specs {
				m[k] = v[0]
			}
			err = g.Add(m)
		}
	case "addVersioned":
		if needGate() {
			err = g.AddVersioned(op.Specs)
		}
	case "addDeps":
		if needGate() {
			err = g.AddDependencies(op.Deps)
		}
	case "setFromMap":
		if needGate() {
			err = g.SetFromMap(op.Values)
		}
	case "set":
		if needGate() {
			err = g.Set(op.Arg)
		}
	case "enabled":
		if needGate() {
			v, p := g.Enabled(op.Arg)
			if p != "" {
				oc.result = "panic: " + p
			} else {
				oc.result = fmt.Sprint(v)
			}
		}
	case "copy":
		if needGate() {
			s.gates = append(s.gates, g.DeepCopy())
		}
	case "copyReset":
		if needGate() {
			s.gates = append(s.gates, g.DeepCopyAndReset())
		}
	case "pop":
		if len(s.gates) > 1 {
			s.gates = s.gates[:len(s.gates)-1]
		}
	case "addFlag":
		if needGate() {
			oc.result = g.AddFlag()
		}
	case "close":
		if needGate() {
			err = g.Close()
		}
	case "setEmu":
		if needGate() {
			err = g.SetEmulationVersion(op.Arg)
		}
	case "setEmuMC":
		if needGate() {
			err = g.SetEmulationVersionAndMinCompatibilityVersion(op.Arg, op.Arg2)
		}
	case "validate":
		if needGate() {
			errList = g.Validate()
		}
	case "reset":
		if needGate() {
			err = g.ResetFeatureValueToDefault(op.Arg)
		}
	case "override":
		if needGate() {
			err = g.OverrideDefault(op.Arg, op.Bool)
		}
	case "overrideAt":
		if needGate() {
			err = g.OverrideDefaultAtVersion(op.Arg, op.Bool, op.Arg2)
		}
	case "addMetrics":
		if needGate() {
			err = g.AddMetrics()
		}
	case "explicitlySet":
		if needGate() {
			oc.result = fmt.Sprint(g.ExplicitlySet(op.Arg))
		}
	case "getAll":
		if needGate() {
			all, e := g.GetAll()
			if e != nil {
				err = e
			} else {
				var parts []string
				for _, k := range sortedKeys(all) {
					parts = append(parts, fmt.Sprintf("%s=%+v", k, all[k]))
				}
				oc.result = strings.Join(parts, " ")
			}
		}
	default:
		oc.result = "unknown op " + op.Do
	}
	if err != nil {
		oc.errText = err.Error()
		oc.errs = splitErrors(err)
	}
	if errList != nil {
		var texts []string
		for _, e := range errList {
			oc.errs = append(oc.errs, splitErrors(e)...)
			texts = append(texts, e.Error())
		}
		oc.errText = strings.Join(texts, "; ")
	}
	oc.warnings = s.impl.TakeWarnings()
	oc.emulation = emulationWarnings(oc.warnings)
	oc.snapshot = snapshot(s.cur(), tracked, lib)
	s.impl.TakeWarnings() // reading on a copy logs nothing, but be sure
	return oc
}

// splitErrors flattens k8s.io/apimachinery-style aggregates (anything with
// Errors() []error).
func splitErrors(err error) []string {
	var agg interface{ Errors() []error }
	if errors.As(err, &agg) {
		var out []string
		for _, e := range agg.Errors() {
			out = append(out, splitErrors(e)...)
		}
		return out
	}
	return []string{err.Error()}
}

// snapshot reads the whole observable state without changing it: values
// are read on a deep copy, because Enabled records queried features.
func snapshot(g Gate, tracked []string, lib int) string {
	if g == nil {
		return "no gate"
	}
	var b strings.Builder
	c := g.DeepCopy()
	for _, n := range tracked {
		v, p := c.Enabled(n)
		if p != "" {
			fmt.Fprintf(&b, "%s=panic(%s) ", n, p)
		} else {
			fmt.Fprintf(&b, "%s=%t ", n, v)
		}
	}
	fmt.Fprintf(&b, "| String=%q | Known=%q", g.String(), g.KnownFeatures())
	if lib >= 31 {
		fmt.Fprintf(&b, " | emulation=%s", g.EmulationVersion())
		if lib >= 35 {
			fmt.Fprintf(&b, " | minCompatibility=%s", g.MinCompatibilityVersion())
		}
		var set []string
		for _, n := range tracked {
			if g.ExplicitlySet(n) {
				set = append(set, n)
			}
		}
		fmt.Fprintf(&b, " | explicit=%v", set)
	}
	return b.String()
}

func sameOutcome(a, b outcome) bool {
	if !sameMultiset(a.errs, b.errs) || !sameMultiset(a.warnings, b.warnings) {
		return false
	}
	// Several errors print as "[a, b]" in either order; one prints bare.
	if len(a.errs) <= 1 {
		return a.errText == b.errText
	}
	return bracketed(a.errText) == bracketed(b.errText)
}

func bracketed(s string) bool { return strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") }

func sameMultiset(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x := append([]string(nil), a...)
	y := append([]string(nil), b...)
	sort.Strings(x)
	sort.Strings(y)
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// containsMultiset reports whether every element of sub occurs in super at
// least as often.
func containsMultiset(super, sub []string) bool {
	count := map[string]int{}
	for _, s := range super {
		count[s]++
	}
	for _, s := range sub {
		if count[s] == 0 {
			return false
		}
		count[s]--
	}
	return true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// parseSetString is Set's parser (split on ",", first "=", trim,
// strconv.ParseBool); only the keys and values matter here.
func parseSetString(s string) (map[string]bool, error) {
	m := map[string]bool{}
	for _, piece := range strings.Split(s, ",") {
		if piece == "" {
			continue
		}
		k, v, ok := strings.Cut(piece, "=")
		if !ok {
			return nil, fmt.Errorf("missing value")
		}
		b, err := parseBool(strings.TrimSpace(v))
		if err != nil {
			return nil, err
		}
		m[strings.TrimSpace(k)] = b
	}
	return m, nil
}

func parseBool(s string) (bool, error) {
	switch s {
	case "1", "t", "T", "TRUE", "true", "True":
		return true, nil
	case "0", "f", "F", "FALSE", "false", "False":
		return false, nil
	}
	return false, fmt.Errorf("bad bool %q", s)
}
