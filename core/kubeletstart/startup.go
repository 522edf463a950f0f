package kubeletstart

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// origin is where a merged gate value came from.
type origin struct {
	source string // flag, config, dropin, dynamic
	path   string
	line   int
}

type run struct {
	in    Input
	e     era
	rel   *catalog.Release
	gate  featuregate.Gate
	res   *Result
	args  []string
	fv    *flagValues
	comps map[string]string
	deps  map[string][]string

	flagGates map[string]bool
	merged    map[string]bool
	origins   map[string]origin
	// failingMap is the map of the SetFromMap call that failed, for
	// diagnostics and alternatives.
	failingMap map[string]bool
	// pending are origins of gates read from files but not merged yet.
	pending map[string]origin
	// applied remembers where every key of a successful SetFromMap came
	// from: the gate keeps values from earlier calls even when a later
	// configuration (a dynamic checkpoint) no longer names them.
	applied map[string]origin
	// crashLoopMax is crashLoopBackOff.maxContainerRestartPeriod of the
	// merged configuration (gatedfields.go).
	crashLoopMax *gatedField
	// cfg holds the other tracked configuration fields (configfields.go).
	cfg configState
	// logsOn: the verbosity has taken effect (verbosity.go).
	logsOn bool
	// skippedDropins are drop-in directory files without .conf, in walk order.
	skippedDropins []string
	done           bool
}

// Model evaluates start-ups against one source of catalogs. Gates are
// built once per release and deep-copied for every evaluation.
type Model struct {
	load     func(release string) (*catalog.Release, error)
	releases func() []string
	mu       sync.Mutex
	protos   map[string]protoEntry
}

type protoEntry struct {
	gate featuregate.Gate
	rel  *catalog.Release
}

// NewModel uses load for catalogs and releases for the list of releases.
func NewModel(load func(string) (*catalog.Release, error), releases func() []string) *Model {
	return &Model{load: load, releases: releases, protos: map[string]protoEntry{}}
}

// Default is the model over the embedded catalogs.
var Default = NewModel(catalog.Load, catalog.Releases)

// Releases lists the releases the model has catalogs for, oldest first.
func (m *Model) Releases() []string { return m.releases() }

// Catalog returns a release's catalog.
func (m *Model) Catalog(release string) (*catalog.Release, error) {
	_, rel, err := m.prototype(release)
	return rel, err
}

// prototype builds (once per release) the gate a kubelet of the release
// starts with and returns a deep copy of it.
func (m *Model) prototype(release string) (featuregate.Gate, *catalog.Release, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if p, ok := m.protos[release]; ok {
		return p.gate.Copy(), p.rel, nil
	}
	rel, err := m.load(release)
	if err != nil {
		return nil, nil, err
	}
	g, err := featuregate.ForRelease(rel, nil)
	if err != nil {
		return nil, nil, err
	}
	m.protos[release] = protoEntry{gate: g, rel: rel}
	return g.Copy(), rel, nil
}

// Evaluate runs the default model.
func Evaluate(in Input) (*Result, error) { return Default.Evaluate(in) }

// NormalizeRelease turns "v1.30.2" or "1.30" into "1.30".
func NormalizeRelease(s string) (string, int, error) {
	v, err := version.ParseRelease(s)
	if err != nil {
		return "", 0, fmt.Errorf("release %q: %v", s, err)
	}
	if v.Major() != 1 {
		return "", 0, fmt.Errorf("release %q: only Kubernetes 1.x is modelled", s)
	}
	return fmt.Sprintf("1.%d", v.Minor()), int(v.Minor()), nil
}

// Evaluate runs the kubelet start-up model for one input. The error is for
// inputs the model cannot evaluate at all (unknown release, unbalanced
// quotes); everything the kubelet itself would reject is in the Result.
func (m *Model) Evaluate(in Input) (*Result, error) {
	release, minor, err := NormalizeRelease(in.Release)
	if err != nil {
		return nil, err
	}
	e, err := eraFor(minor)
	if err != nil {
		return nil, err
	}
	g, rel, err := m.prototype(release)
	if err != nil {
		return nil, err
	}
	r := &run{in: in, e: e, rel: rel, gate: g, origins: map[string]origin{},
		comps: map[string]string{}, deps: map[string][]string{}}
	r.res = &Result{Release: release, Library: e.lib.String(), Lines: []Line{}, Gates: []GateState{},
		Diagnostics: []Diagnostic{}, Notes: []string{}, Args: []string{}}
	r.startTrace(minor)
	for _, cg := range rel.Gates {
		r.comps[cg.Name] = cg.Component
		if len(cg.Dependencies) > 0 {
			r.deps[cg.Name] = cg.Dependencies
		}
	}
	g.SetWarningSink(r.warning)
	if err := r.prepareArgs(); err != nil {
		return nil, err
	}
	r.start()
	if !r.done {
		r.res.WouldStart = true
		r.note("start-up passed every feature-gate and configuration step the model covers; a real kubelet goes on to start its services")
	}
	r.finishGates()
	return r.res, nil
}

func (r *run) note(format string, a ...any) {
	r.res.Notes = append(r.res.Notes, fmt.Sprintf(format, a...))
}

func (r *run) line(l Line) { r.res.Lines = append(r.res.Lines, l) }

func (r *run) warning(w featuregate.Warning) {
	r.line(Line{Kind: "warning", Text: klogHeader(w.Severity(), warningSite(r.e.lib, w.Kind)) + w.Message()})
}

func (r *run) notices(ns []string) {
	for _, n := range ns {
		r.line(Line{Kind: "notice", Text: n})
	}
}

func (r *run) prepareArgs() error {
	args := r.in.Args
	if args == nil {
		var notes []string
		var err error
		args, notes, err = SplitCommandLine(r.in.CommandLine, r.in.Env)
		if err != nil {
			return err
		}
		r.res.Notes = append(r.res.Notes, notes...)
	}
	has := func(name string) bool {
		for _, a := range args {
			n := strings.ReplaceAll(strings.TrimLeft(a, "-"), "_", "-")
			if strings.HasPrefix(a, "--") && (n == name || strings.HasPrefix(n, name+"=")) {
				return true
			}
		}
		return false
	}
	if r.in.Config != nil && !has("config") {
		p := r.in.Config.Path
		if p == "" {
			p = defaultConfigPath
		}
		args = append(append([]string(nil), args...), "--config="+p)
		r.note("the command line has no --config; the model appended --config=%s for the config file you gave", p)
	}
	if len(r.in.DropIns) > 0 && !has("config-dir") {
		if r.e.configDir {
			d := r.in.ConfigDir
			if d == "" {
				d = defaultConfigDir
			}
			args = append(append([]string(nil), args...), "--config-dir="+d)
			r.note("the command line has no --config-dir; the model appended --config-dir=%s for the drop-ins you gave", d)
		} else {
			r.note("drop-ins are ignored: --config-dir does not exist before 1.28")
		}
	}
	r.args = args
	r.res.Args = append([]string{}, args...)
	return nil
}

func (r *run) start() {
	e := r.e
	fv, err := parseFlags(e, r.args)
	r.fv = fv
	r.notices(fv.notices)
	if fv.normalizedUsed {
		r.note("flag names with '_' are normalized to '-' (the kubelet's WordSepNormalizeFunc)")
	}
	if err != nil {
		r.diag("flags", "", 0, "error", err.Error())
		r.fail("parse", err)
		return
	}
	if len(fv.args) > 0 {
		r.diag("flags", "", 0, "error", "unexpected argument "+fv.args[0])
		r.failCommand(fv.args[0])
		return
	}
	if fv.help {
		r.line(Line{Kind: "usage", Text: usageText})
		r.stop("help", 0, "")
		return
	}
	if fv.version {
		r.line(Line{Kind: "output", Text: fmt.Sprintf("Kubernetes v1.%d.0", e.minor)})
		r.stop("version", 0, "")
		return
	}
	r.cfg = defaultsState(e)
	if e.logInit == logAtParse {
		r.initLogging()
	}
	r.flagGates = fv.gates
	r.traceGates("flag", "", fv.gates, nil)
	for k := range fv.gates {
		r.origins[k] = origin{source: "flag"}
	}
	if !r.setGates("flagGates", fv.gates) {
		return
	}
	if e.dynamicConfig && fv.dynamicDirSet {
		if on, _ := r.gate.Lookup("DynamicKubeletConfig"); !on {
			r.fail("flagValidate", errors.New("the DynamicKubeletConfig feature gate must be enabled in order to use the --dynamic-config-dir flag"))
			r.note("ValidateKubeletFlags runs before the config file is read: enabling DynamicKubeletConfig in the file does not help (kubernetes/kubernetes#104298)")
			return
		}
	}
	// The internal config starts as the flags' config: its gates are the flag gates.
	kcGates := fv.gates
	kcOrigins := map[string]origin{}
	for k := range fv.gates {
		kcOrigins[k] = origin{source: "flag"}
	}
	if fv.config != "" {
		gates, origins, ok := r.loadConfig(fv.config)
		if !ok {
			return
		}
		kcGates, kcOrigins = gates, origins
		r.traceGates("config", fv.config, gates, linesOf(origins))
	}
	if fv.configDir != "" {
		if e.configDirEnv {
			if _, ok := r.in.Env["KUBELET_CONFIG_DROPIN_DIR_ALPHA"]; !ok {
				r.fail("configDirEnv", fmt.Errorf("flag %s specified but environment variable KUBELET_CONFIG_DROPIN_DIR_ALPHA not set, cannot start kubelet", fv.configDir))
				return
			}
		}
		gates, origins, ok := r.mergeDropins(fv.configDir, kcGates, kcOrigins)
		if !ok {
			return
		}
		kcGates, kcOrigins = gates, origins
	}
	// Flags win over every file (the precedence re-parse); without a file
	// they were parsed into the defaulted configuration: the same result.
	r.applyFlags(r.cfg)
	r.merged = fv.gates
	if fv.config != "" || fv.configDir != "" {
		merged, notices := reparseGates(e, r.args, kcGates)
		if e.reparseNotices {
			r.notices(notices)
		}
		r.traceGates("flagPrecedence", "", fv.gates, nil)
		r.merged = merged
		for k, o := range kcOrigins {
			if _, isFlag := fv.gates[k]; !isFlag {
				r.origins[k] = o
			}
		}
		if !r.setGates("mergedGates", merged) {
			return
		}
	}
	if e.logInit == logBeforeValidate {
		r.initLogging()
	}
	// ValidateKubeletConfiguration: a copy of the global gate takes the
	// config's gates (and, from 1.35, is Validate()d).
	cp := r.gate.Copy()
	if err := cp.SetFromMap(r.merged); err != nil {
		r.failingMap = r.merged
		r.fail("validate", err)
		return
	}
	r.gatesLine(cp)
	// The gate's own problems (1.35+) and the field checks are collected
	// into one aggregate.
	var verrs []error
	if e.validateCallsValidate {
		verrs = append(verrs, cp.Validate()...)
	}
	verrs = append(verrs, r.fieldErrors(func(name string) bool {
		on, _ := cp.Lookup(name)
		return on
	})...)
	if len(verrs) > 0 {
		r.fail("validate", featuregate.NewAggregate(verrs))
		return
	}
	if e.dynamicLockedCheck {
		if on, _ := r.gate.Lookup("DynamicKubeletConfig"); on {
			r.note("1.24–1.25 keep DynamicKubeletConfig registered (deprecated, off) but refuse it once the configuration is validated: its kubelet logic is gone")
			r.fail("dynamicLocked", errors.New("cannot set feature gate DynamicKubeletConfig to true, feature is locked to false"))
			r.anchorGateErrors(r.res.Error)
			return
		}
	}
	if e.dynamicConfig && fv.dynamicDirSet && fv.dynamicDir != "" && !r.dynamicConfig() {
		return
	}
	if e.logInit == logAfterValidate {
		r.initLogging()
	}
	r.skippedDropinLines()
	// run() sets the gates from the final configuration once more.
	r.setGates("run", r.merged)
}

// setGates is one SetFromMap on the global gate; on error the kubelet stops.
func (r *run) setGates(stage string, m map[string]bool) bool {
	if err := r.gate.SetFromMap(m); err != nil {
		r.failingMap = m
		r.fail(stage, err)
		return false
	}
	r.gatesLine(r.gate)
	if r.applied == nil {
		r.applied = map[string]origin{}
	}
	for k := range m {
		if o, ok := r.originOf(k); ok {
			r.applied[k] = o
		}
	}
	return true
}

// defaulting is SetDefaults_KubeletConfiguration's gate merge (1.32+):
// a copy of the global gate takes the file's gates; an error panics.
func (r *run) defaulting(gates map[string]bool) bool {
	if !r.e.defaultingGates {
		return true
	}
	cp := r.gate.Copy()
	if err := cp.SetFromMap(gates); err != nil {
		r.failingMap = gates
		r.res.Error = err.Error()
		r.line(Line{Kind: "panic", Text: "panic: failed to merge global and in-flight KubeletConfiguration while setting defaults, error: " + err.Error() +
			"\n\ngoroutine 1 [running]:\nk8s.io/kubernetes/pkg/kubelet/apis/config/v1beta1.SetDefaults_KubeletConfiguration(...)\n\t(stack trace abbreviated by the model)"})
		r.note("from 1.32 a bad gate in a config file panics while defaulting (the same gate on the command line fails cleanly)")
		r.anchorGateErrors(err.Error())
		r.alternatives(err)
		r.stop("defaulting", 2, err.Error())
		return false
	}
	return true
}

func (r *run) stop(stage string, code int, errText string) {
	r.done = true
	r.res.Stage = stage
	r.res.ExitCode = code
	if errText != "" {
		r.res.Error = errText
	}
}

// loadConfig reads and decodes the --config file.
func (r *run) loadConfig(name string) (map[string]bool, map[string]origin, bool) {
	abs := absPath(name)
	f := r.findConfig(name)
	var inner error
	var line int
	var cfg *decodedConfig
	switch {
	case f == nil:
		inner = fmt.Errorf("failed to read kubelet config file %q, error: open %s: no such file or directory", abs, abs)
		r.note("--config names %s, but no such file was given", name)
	case len(f.Content) == 0:
		inner = fmt.Errorf("kubelet config file %q was empty", abs)
	default:
		var err error
		cfg, err = r.e.decodeTyped([]byte(f.Content))
		if err != nil {
			inner = err
			var is *issue
			if errors.As(err, &is) {
				line = is.line
			}
		}
	}
	if inner != nil {
		r.diag("config", name, line, "error", inner.Error())
		r.fail("loadConfig", fmt.Errorf("failed to load Kubelet config file %s, error %v", name, inner))
		return nil, nil, false
	}
	r.pending = map[string]origin{}
	for k := range cfg.gates {
		r.pending[k] = origin{source: "config", path: name, line: cfg.pos.gate(k)}
	}
	r.noteCrashLoopMax(cfg.obj, "config", name, cfg.pos.topKeys["crashLoopBackOff"])
	r.cfg = r.decodedState(cfg.obj, cfg.pos, "config", name)
	if cfg.lenient {
		// From 1.23 the strict attempt already defaulted the object before
		// reporting its strict error; the lenient decode defaults again.
		if !r.e.jsonIter && !r.defaulting(cfg.gates) {
			return nil, nil, false
		}
		if !r.e.lenientWarnS {
			r.line(printfLine('W', r.e.site("codec"), "using lenient decoding as strict decoding failed: "+cfg.strictEr.Error()))
		}
		if !r.defaulting(cfg.gates) {
			return nil, nil, false
		}
		if r.e.lenientWarnS {
			r.line(r.e.structuredLine('I', r.e.site("codec"), "Using lenient decoding as strict decoding failed", kv{"err", cfg.strictEr}))
		}
		for _, k := range cfg.unknown {
			msg := fmt.Sprintf("unknown field %q is ignored", k)
			if k == "featureGate" || strings.EqualFold(k, "featureGates") {
				msg += "; field names are case-sensitive, so these gates are silently ignored"
			}
			r.diag("config", name, cfg.pos.topKeys[k], "warning", msg)
		}
		if cfg.strictEr != nil && len(cfg.unknown) == 0 {
			r.diag("config", name, lineOf(cfg.strictEr.Error()), "warning", "duplicate key: the last value wins")
		}
	} else if !r.defaulting(cfg.gates) {
		return nil, nil, false
	}
	return cfg.gates, r.pending, true
}

func (r *run) findConfig(name string) *File {
	c := r.in.Config
	if c == nil {
		return nil
	}
	if c.Path == "" || c.Path == name || absPath(c.Path) == absPath(name) {
		return c
	}
	return nil
}

// mergeDropins applies the --config-dir drop-ins.
func (r *run) mergeDropins(dir string, base map[string]bool, baseOrigins map[string]origin) (map[string]bool, map[string]origin, bool) {
	files := r.dropinFiles(dir)
	origins := map[string]origin{}
	for k, o := range baseOrigins {
		origins[k] = o
	}
	walkErr := func(p string, err error) (map[string]bool, map[string]origin, bool) {
		r.fail("mergeConfig", fmt.Errorf("failed to walk through kubelet dropin directory %q: %w", dir, err))
		return nil, nil, false
	}
	if r.e.dropinMergo {
		gates := copyGates(base)
		for _, f := range files {
			if len(f.Content) == 0 {
				inner := fmt.Errorf("failed to load Kubelet config file %s, error kubelet config file %q was empty", f.Path, absPath(f.Path))
				r.diag("dropin", f.Path, 0, "error", "empty drop-in")
				return walkErr(f.Path, fmt.Errorf("failed to load kubelet dropin file, path: %s, error: %w", f.Path, inner))
			}
			cfg, err := r.e.decodeTyped([]byte(f.Content))
			if err != nil {
				var is *issue
				if errors.As(err, &is) {
					r.diag("dropin", f.Path, is.line, "error", err.Error())
				}
				inner := fmt.Errorf("failed to load Kubelet config file %s, error %v", f.Path, err)
				return walkErr(f.Path, fmt.Errorf("failed to load kubelet dropin file, path: %s, error: %w", f.Path, inner))
			}
			if cfg.lenient {
				r.line(r.e.structuredLine('I', r.e.site("codec"), "Using lenient decoding as strict decoding failed", kv{"err", cfg.strictEr}))
			}
			r.mergoDropin(r.cfg, cfg.obj, cfg.pos, f.Path)
			r.traceGates("dropin", f.Path, cfg.gates, cfg.pos.gate)
			if gates == nil && len(cfg.gates) > 0 {
				gates = map[string]bool{}
			}
			for k, v := range cfg.gates {
				gates[k] = v
				origins[k] = origin{source: "dropin", path: f.Path, line: cfg.pos.gate(k)}
			}
		}
		r.note("1.28 merges drop-ins with mergo: per-key override, and a null gate value means false, not deletion")
		return gates, origins, true
	}
	// 1.32+ merge on the v1beta1 document, where the base's gates sit under
	// "featureGates" like the drop-ins'. 1.29–1.31 marshal the internal
	// type: the base's gates sit under "FeatureGates", the drop-ins' under
	// "featureGates", and the final case-insensitive json.Unmarshal decodes
	// both into one map (base first, the keys being sorted): a drop-in's
	// null removes only what an earlier drop-in set.
	internal := r.e.dropinInternalBase
	doc := map[string]any{}
	dropOrigins := origins
	if internal {
		dropOrigins = map[string]origin{}
	} else if base != nil {
		fg := map[string]any{}
		for k, v := range base {
			fg[k] = v
		}
		doc["featureGates"] = fg
	}
	layer := dropinLayer{}
	for _, f := range files {
		if len(f.Content) == 0 {
			r.diag("dropin", f.Path, 0, "error", "empty drop-in")
			return walkErr(f.Path, fmt.Errorf("failed to load kubelet dropin file, path: %s, error: kubelet config file %q was empty", f.Path, absPath(f.Path)))
		}
		obj, pos, err := r.e.decodeUnstructured([]byte(f.Content))
		if err != nil {
			var is *issue
			line := 0
			if errors.As(err, &is) {
				line = is.line
			}
			r.diag("dropin", f.Path, line, "error", err.Error())
			return walkErr(f.Path, fmt.Errorf("failed to load kubelet dropin file, path: %s, error: %w", f.Path, err))
		}
		if r.e.dropinGVK {
			if err := dropinGVKError(obj); err != nil {
				r.diag("dropin", f.Path, pos.topKeys["apiVersion"], "error", err.Error())
				return walkErr(f.Path, fmt.Errorf("failed to load kubelet dropin file, path: %s, %v", f.Path, err))
			}
		}
		r.traceDropin(f.Path, obj, pos.gate)
		if fg, present := obj["featureGates"]; present {
			switch t := fg.(type) {
			case map[string]any:
				for k, v := range t {
					if v == nil {
						delete(dropOrigins, k)
					} else {
						dropOrigins[k] = origin{source: "dropin", path: f.Path, line: pos.gate(k)}
					}
				}
			default:
				for k, o := range dropOrigins {
					if o.source != "flag" {
						delete(dropOrigins, k)
					}
				}
			}
		}
		r.noteCrashLoopMax(obj, "dropin", f.Path, pos.topKeys["crashLoopBackOff"])
		r.applyDropin(r.cfg, layer, obj, pos, f.Path)
		doc = mergePatch(doc, obj).(map[string]any)
	}
	for k, fv := range layer {
		r.cfg[k] = *fv
	}
	var gates map[string]bool
	if fg, ok := doc["featureGates"]; ok {
		raw, _ := jsonMarshal(fg)
		field := "featureGates"
		if internal {
			field = "FeatureGates"
		}
		var badKey string
		var err error
		gates, badKey, err = gatesFromJSON(raw, field)
		if err != nil {
			if o, ok := dropOrigins[badKey]; ok {
				r.diag(o.source, o.path, o.line, "error", err.Error())
			}
			r.fail("mergeConfig", fmt.Errorf("failed to unmarshal merged JSON into kubelet configuration: %w", err))
			return nil, nil, false
		}
	}
	if internal {
		merged := copyGates(base)
		if merged == nil && gates != nil {
			merged = map[string]bool{}
		}
		for k, v := range gates {
			merged[k] = v
		}
		for k, o := range dropOrigins {
			origins[k] = o
		}
		if len(files) > 0 && len(base) > 0 {
			r.note("1.29–1.31 merge drop-ins onto the internal configuration, whose gates a drop-in cannot delete: a null (or featureGates: null) removes only what an earlier drop-in set")
		}
		gates = merged
	}
	for k := range origins {
		if _, ok := gates[k]; !ok {
			delete(origins, k)
		}
	}
	r.pending = origins
	if !r.defaulting(gates) {
		return nil, nil, false
	}
	return gates, origins, true
}

// dropinFiles lists the .conf files below dir in filepath.WalkDir order:
// a directory's entries by name, each subdirectory walked where its name
// sorts, so d/sub/05.conf comes after d/20.conf.
func (r *run) dropinFiles(dir string) []File {
	root := absPath(dir)
	var out []File
	var skipped []string
	for _, f := range r.in.DropIns {
		p := f.Path
		if !strings.HasPrefix(p, "/") {
			p = path.Join(root, p)
		}
		p = path.Clean(p)
		if !strings.HasPrefix(p, root+"/") {
			r.note("drop-in %s is outside --config-dir %s and is not read", f.Path, dir)
			continue
		}
		// Report paths the way WalkDir builds them from the flag's value.
		shown := strings.TrimSuffix(dir, "/") + strings.TrimPrefix(p, root)
		if path.Ext(path.Base(p)) != ".conf" {
			r.note("drop-in %s is skipped: only files ending in .conf are read", p)
			skipped = append(skipped, shown)
			continue
		}
		out = append(out, File{Path: shown, Content: f.Content})
	}
	sort.SliceStable(out, func(i, j int) bool { return walkLess(out[i].Path, out[j].Path) })
	sort.SliceStable(skipped, func(i, j int) bool { return walkLess(skipped[i], skipped[j]) })
	r.skippedDropins = skipped
	if len(out) > 1 {
		r.note("drop-ins apply in this order: %s", strings.Join(pathsOf(out), ", "))
	}
	return out
}

func walkLess(a, b string) bool {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] != bs[i] {
			return as[i] < bs[i]
		}
	}
	return len(as) < len(bs)
}

func pathsOf(fs []File) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Path
	}
	return out
}

// dynamicConfig models --dynamic-config-dir (1.18–1.23): a checkpointed
// config replaces the local one, the flags are re-applied on top, then the
// gates are set again.
func (r *run) dynamicConfig() bool {
	cp := r.in.DynamicCheckpoint
	if cp == nil {
		r.note("--dynamic-config-dir is set but no checkpoint was given: the controller returns no config and the local configuration is used")
		return true
	}
	cfg, err := r.e.decodeTyped([]byte(cp.Content))
	if err != nil {
		r.diag("dynamic", cp.Path, 0, "error", err.Error())
		r.note("the checkpointed config does not decode (%v); the controller would fall back to the local configuration (simplified)", err)
		return true
	}
	merged, notices := reparseGates(r.e, r.args, cfg.gates)
	if r.e.reparseNotices {
		r.notices(notices)
	}
	test := r.gate.Copy()
	test.SetWarningSink(func(featuregate.Warning) {})
	if err := test.SetFromMap(merged); err != nil {
		r.note("the checkpointed config fails validation (%v); the controller would reject it and keep the local configuration (simplified)", err)
		return true
	}
	r.note("the dynamic config checkpoint replaces the local config file; command-line flags still win")
	r.traceGates("dynamic", cp.Path, cfg.gates, cfg.pos.gate)
	r.traceGates("flagPrecedence", "", r.flagGates, nil)
	for k := range r.origins {
		if r.origins[k].source != "flag" {
			delete(r.origins, k)
		}
	}
	for k := range cfg.gates {
		if _, isFlag := r.flagGates[k]; !isFlag {
			r.origins[k] = origin{source: "dynamic", path: cp.Path, line: cfg.pos.gate(k)}
		}
	}
	r.merged = merged
	return r.setGates("dynamicGates", merged)
}

func copyGates(m map[string]bool) map[string]bool {
	if m == nil {
		return nil
	}
	out := make(map[string]bool, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (r *run) diag(input, p string, line int, sev, msg string) {
	r.res.Diagnostics = append(r.res.Diagnostics, Diagnostic{Input: input, Path: p, Line: line, Severity: sev, Message: msg})
}

// effectiveConfigLine is 1.37's info line dumping the merged, defaulted
// KubeletConfiguration as YAML (keys sorted, as sigs.k8s.io/yaml writes
// them). The model knows the gates only; the other fields are elided.
func (r *run) effectiveConfigLine() {
	var b strings.Builder
	b.WriteString("apiVersion: kubelet.config.k8s.io/v1beta1\n")
	b.WriteString("… (the other fields, defaulted, in key order; omitted by the model)\n")
	if len(r.merged) > 0 {
		b.WriteString("featureGates:\n")
		for _, k := range sortedKeys(r.merged) {
			fmt.Fprintf(&b, "  %s: %t\n", k, r.merged[k])
		}
		b.WriteString("…\n")
	}
	b.WriteString("kind: KubeletConfiguration\n")
	b.WriteString("…\n")
	r.line(r.e.structuredLine('I', r.e.site("effectiveConfig"), "Effective KubeletConfiguration", kv{"config", b.String()}))
}
