package kubeletstart

import (
	"errors"
	"fmt"
	"strconv"
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
	at     Span // the gate's (or field's) key
}

type run struct {
	in   Input
	memo *parseMemo // files parsed by recent evaluations of the model
	// tables shares equal effective-gates tables between evaluations.
	tables *tableMemo
	e      era
	rel    *catalog.Release
	gate   featuregate.Gate
	res    *Result
	args   []string
	// words is the command line text the args came from (nil for an
	// argument list), places where the flags are in args (cmdpos.go).
	words  *words
	places flagPlaces
	fv     *flagValues

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
	// emptyLogFormat: 1.29–1.31 drop-ins left logging.format empty.
	emptyLogFormat bool
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
	files    parseMemo
	tables   tableMemo
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
	p, err := m.proto(release)
	if err != nil {
		return nil, nil, err
	}
	return p.gate.Copy(), p.rel, nil
}

// proto is the release's entry, built on first use.
func (m *Model) proto(release string) (protoEntry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if p, ok := m.protos[release]; ok {
		return p, nil
	}
	rel, err := m.load(release)
	if err != nil {
		return protoEntry{}, err
	}
	g, err := featuregate.ForRelease(rel, nil)
	if err != nil {
		return protoEntry{}, err
	}
	p := protoEntry{gate: g, rel: rel}
	m.protos[release] = p
	return p, nil
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
	return "1." + strconv.FormatUint(uint64(v.Minor()), 10), int(v.Minor()), nil
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
	p, err := m.proto(release)
	if err != nil {
		return nil, err
	}
	g, rel := p.gate.Copy(), p.rel
	r := &run{in: in, e: e, rel: rel, gate: g, origins: map[string]origin{},
		memo: &m.files, tables: &m.tables}
	r.res = &Result{Release: release, Library: e.lib.String(), Lines: []Line{}, Gates: []GateState{},
		Diagnostics: []Diagnostic{}, Notes: []string{}, Args: []string{}}
	r.startTrace(minor)
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
	if len(a) == 0 && !strings.Contains(format, "%") {
		// A note without verbs is its text: no fmt on the path of a
		// first evaluation that only notes such texts (issue 15).
		r.res.Notes = append(r.res.Notes, format)
		return
	}
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
		w, err := splitWords(r.in.CommandLine, r.in.Env)
		if err != nil {
			return err
		}
		r.words, args = &w, w.args
		r.res.Notes = append(r.res.Notes, w.notes...)
	}
	has := func(name string) bool {
		for _, a := range args {
			n := dashed(strings.TrimLeft(a, "-"))
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

// start is the kubelet's start-up in upstream order (doc.go): each step
// reports false when the kubelet stops there.
func (r *run) start() {
	if !r.parseCommandLine() || !r.applyFlagGates() {
		return
	}
	gates, origins, ok := r.readConfigFiles()
	if !ok || !r.flagPrecedence(gates, origins) {
		return
	}
	if !r.applyLogging() {
		return
	}
	if r.e.logInit == logBeforeValidate {
		r.initLogging()
	}
	if !r.validateConfig() {
		return
	}
	fv := r.fv
	if r.e.dynamicConfig && fv.dynamicDirSet && fv.dynamicDir != "" && !r.dynamicConfig() {
		return
	}
	if r.e.logInit == logAfterValidate {
		r.initLogging()
	}
	r.skippedDropinLines()
	// run() sets the gates from the final configuration once more.
	r.setGates("run", r.merged)
}

// parseCommandLine parses the flags; a parse error, a stray argument,
// --help and --version end start-up here. It leaves the defaulted
// configuration the flags were parsed into.
func (r *run) parseCommandLine() bool {
	e := r.e
	fv, err := parseFlags(e, r.args)
	r.fv = fv
	r.notices(fv.notices)
	if fv.normalizedUsed {
		r.note("flag names with '_' are normalized to '-' (the kubelet's WordSepNormalizeFunc)")
	}
	r.places = locateFlags(r.args, fv.sets)
	if err != nil {
		r.diag("flags", "", r.argSpan(func() int { return failedArg(e, r.args, err) }), "error", err.Error())
		r.fail("parse", err)
		return false
	}
	if len(fv.args) > 0 {
		r.diag("flags", "", r.argSpan(func() int { return positionalArg(e, r.args) }), "error", "unexpected argument "+fv.args[0])
		r.failCommand(fv.args[0])
		return false
	}
	if fv.help {
		r.line(Line{Kind: "usage", Text: usageText})
		r.stop("help", 0, "")
		return false
	}
	if fv.version {
		r.line(Line{Kind: "output", Text: fmt.Sprintf("Kubernetes v1.%d.0", e.minor)})
		r.stop("version", 0, "")
		return false
	}
	r.cfg = defaultsState(e)
	r.defaultBuiltin()
	if e.logInit == logAtParse {
		r.initLogging()
	}
	return true
}

// applyFlagGates sets the --feature-gates gates on the global gate, then
// validates the flags (--dynamic-config-dir needs its gate, 1.18–1.23).
func (r *run) applyFlagGates() bool {
	fv := r.fv
	r.flagGates = fv.gates
	r.traceGates("flag", "", fv.gates, nil)
	for k := range fv.gates {
		r.origins[k] = r.flagGateOrigin(k)
	}
	if !r.setGates("flagGates", fv.gates) {
		return false
	}
	if r.e.dynamicConfig && fv.dynamicDirSet {
		if on, _ := r.gate.Lookup("DynamicKubeletConfig"); !on {
			r.fail("flagValidate", errors.New("the DynamicKubeletConfig feature gate must be enabled in order to use the --dynamic-config-dir flag"))
			r.note("ValidateKubeletFlags runs before the config file is read: enabling DynamicKubeletConfig in the file does not help (kubernetes/kubernetes#104298)")
			return false
		}
	}
	return true
}

// readConfigFiles reads --config, then merges the --config-dir drop-ins:
// the configuration's gates and where each came from. Without files the
// internal configuration is the flags' own, its gates the flag gates.
func (r *run) readConfigFiles() (map[string]bool, map[string]origin, bool) {
	fv := r.fv
	gates := fv.gates
	origins := map[string]origin{}
	for k := range fv.gates {
		origins[k] = r.flagGateOrigin(k)
	}
	if fv.config != "" {
		var ok bool
		if gates, origins, ok = r.loadConfig(fv.config); !ok {
			return nil, nil, false
		}
		r.traceGates("config", fv.config, gates, linesOf(origins))
	}
	if fv.configDir != "" {
		if r.e.configDirEnv {
			if _, ok := r.in.Env["KUBELET_CONFIG_DROPIN_DIR_ALPHA"]; !ok {
				r.fail("configDirEnv", fmt.Errorf("flag %s specified but environment variable KUBELET_CONFIG_DROPIN_DIR_ALPHA not set, cannot start kubelet", fv.configDir))
				return nil, nil, false
			}
		}
		return r.mergeDropins(fv.configDir, gates, origins)
	}
	return gates, origins, true
}

// flagPrecedence re-applies the flags over the files (flags win over
// every file) and sets the merged gates; without a file the flags were
// parsed into the defaulted configuration, which is the same result.
func (r *run) flagPrecedence(kcGates map[string]bool, kcOrigins map[string]origin) bool {
	fv := r.fv
	r.applyFlags(r.cfg)
	r.merged = fv.gates
	if fv.config == "" && fv.configDir == "" {
		return true
	}
	merged, notices := reparseGates(r.e, r.args, kcGates)
	if r.e.reparseNotices {
		r.notices(notices)
	}
	r.traceGates("flagPrecedence", "", fv.gates, nil)
	r.merged = merged
	for k, o := range kcOrigins {
		if _, isFlag := fv.gates[k]; !isFlag {
			r.origins[k] = o
		}
	}
	return r.setGates("mergedGates", merged)
}

// validateConfig is ValidateKubeletConfiguration: a copy of the global
// gate takes the configuration's gates (and, from 1.35, is Validate()d);
// the gate's own problems and the field checks are one aggregate. 1.24–1.25
// then refuse DynamicKubeletConfig.
func (r *run) validateConfig() bool {
	e := r.e
	cp := r.gate.Copy()
	if err := cp.SetFromMap(r.merged); err != nil {
		r.failingMap = r.merged
		r.fail("validate", err)
		return false
	}
	r.gatesLine(cp)
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
		return false
	}
	if e.dynamicLockedCheck {
		if on, _ := r.gate.Lookup("DynamicKubeletConfig"); on {
			r.note("1.24–1.25 keep DynamicKubeletConfig registered (deprecated, off) but refuse it once the configuration is validated: its kubelet logic is gone")
			r.fail("dynamicLocked", errors.New("cannot set feature gate DynamicKubeletConfig to true, feature is locked to false"))
			r.anchorGateErrors(r.res.Error)
			return false
		}
	}
	return true
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
	defer r.defaultGated(func(name string) bool { on, _ := cp.Lookup(name); return on })
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

// loadConfig reads and decodes the --config file: its gates and where
// each is.
func (r *run) loadConfig(name string) (map[string]bool, map[string]origin, bool) {
	cfg, ok := r.readConfig(name)
	if !ok {
		return nil, nil, false
	}
	r.pending = map[string]origin{}
	for k := range cfg.gates {
		r.pending[k] = origin{source: "config", path: name, at: cfg.pos.gate(k)}
	}
	r.noteCrashLoopMax(cfg.obj, "config", name, cfg.pos)
	r.cfg = r.decodedState(cfg.obj, cfg.pos, "config", name)
	if !cfg.lenient {
		if !r.defaulting(cfg.gates) {
			return nil, nil, false
		}
		return cfg.gates, r.pending, true
	}
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
	r.lenientWarnings(name, cfg)
	return cfg.gates, r.pending, true
}

// readConfig finds and decodes the --config file; a missing, empty or
// undecodable file stops start-up.
func (r *run) readConfig(name string) (*decodedConfig, bool) {
	abs := absPath(name)
	f := r.findConfig(name)
	var inner error
	var at Span
	var cfg *decodedConfig
	switch {
	case f == nil:
		inner = fmt.Errorf("failed to read kubelet config file %q, error: open %s: no such file or directory", abs, abs)
		r.note("--config names %s, but no such file was given", name)
	case len(f.Content) == 0:
		inner = fmt.Errorf("kubelet config file %q was empty", abs)
	default:
		var err error
		if cfg, err = r.decodeTyped(f.Content); err != nil {
			inner = err
			at, _ = issueAt(err)
		}
	}
	if inner != nil {
		r.diag("config", name, at, "error", inner.Error())
		r.fail("loadConfig", fmt.Errorf("failed to load Kubelet config file %s, error %v", name, inner))
		return nil, false
	}
	return cfg, true
}

// lenientWarnings mark what lenient decoding let through: unknown fields
// (dropped) and repeated keys (the last value wins).
func (r *run) lenientWarnings(name string, cfg *decodedConfig) {
	for _, k := range cfg.unknown {
		msg := fmt.Sprintf("unknown field %q is ignored", k)
		if k == "featureGate" || strings.EqualFold(k, "featureGates") {
			msg += "; field names are case-sensitive, so these gates are silently ignored"
		}
		r.diag("config", name, cfg.pos.fieldOrStart(k), "warning", msg)
	}
	if cfg.strictEr != nil && len(cfg.unknown) == 0 {
		at := cfg.dupAt
		if at.Line == 0 {
			at.Line = lineOf(cfg.strictEr.Error())
		}
		r.diag("config", name, at, "warning", "duplicate key: the last value wins")
	}
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

// dynamicConfig models --dynamic-config-dir (1.18–1.23): a checkpointed
// config replaces the local one, the flags are re-applied on top, then the
// gates are set again.
func (r *run) dynamicConfig() bool {
	cp := r.in.DynamicCheckpoint
	if cp == nil {
		r.note("--dynamic-config-dir is set but no checkpoint was given: the controller returns no config and the local configuration is used")
		return true
	}
	cfg, err := r.decodeTyped(cp.Content)
	if err != nil {
		at, _ := issueAt(err)
		r.diag("dynamic", cp.Path, at, "error", err.Error())
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
	r.traceGates("dynamic", cp.Path, cfg.gates, cfg.pos.gateLine)
	r.traceGates("flagPrecedence", "", r.flagGates, nil)
	for k := range r.origins {
		if r.origins[k].source != "flag" {
			delete(r.origins, k)
		}
	}
	for k := range cfg.gates {
		if _, isFlag := r.flagGates[k]; !isFlag {
			r.origins[k] = origin{source: "dynamic", path: cp.Path, at: cfg.pos.gate(k)}
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

func (r *run) diag(input, p string, at Span, sev, msg string) {
	r.res.Diagnostics = append(r.res.Diagnostics, Diagnostic{Input: input, Path: p, Severity: sev, Message: msg,
		Line: at.Line, Column: at.Column, EndLine: at.EndLine, EndColumn: at.EndColumn})
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
