package kubeletstart

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
)

// usageText stands for the kubelet's usage output, which lists every flag;
// the model prints its head only.
const usageText = "Usage:\n  kubelet [flags]\n\nFlags:\n      … (the kubelet's flag descriptions; omitted by the model)"

// stageContext is the message of the 1.21–1.23 klog.ErrorS line per stage
// ("" for a stage without one).
func stageContext(stage string) string {
	switch stage {
	case "parse":
		return "Failed to parse kubelet flag"
	case "flagGates", "mergedGates", "dynamicGates":
		return "Failed to set feature gates from initial flags-based config"
	case "flagValidate":
		return "Failed to validate kubelet flags"
	case "loadConfig":
		return "Failed to load kubelet config file"
	case "validate":
		return "Failed to validate kubelet configuration"
	case "run":
		return "Failed to run kubelet"
	}
	return ""
}

const typeMetaString = "&TypeMeta{Kind:,APIVersion:,}"

// wrapRunE is how 1.24+ return the error from the cobra RunE.
func (r *run) wrapRunE(stage string, err error) string {
	switch stage {
	case "parse":
		return "failed to parse kubelet flag: " + err.Error()
	case "flagGates", "mergedGates", "dynamicGates":
		return "failed to set feature gates from initial flags-based config: " + err.Error()
	case "flagValidate":
		return "failed to validate kubelet flags: " + err.Error()
	case "loadConfig":
		if r.e.loadErrPathLast {
			return fmt.Sprintf("failed to load kubelet config file, error: %s, path: %s", err, r.fv.config)
		}
		return fmt.Sprintf("failed to load kubelet config file, path: %s, error: %s", r.fv.config, err)
	case "mergeConfig":
		return "failed to merge kubelet configs: " + err.Error()
	case "validate":
		return fmt.Sprintf("failed to validate kubelet configuration, error: %s, path: %s", err, typeMetaString)
	}
	return err.Error()
}

// fail prints a start-up error the way the release does and stops.
func (r *run) fail(stage string, err error) {
	e := r.e
	usage := stage == "parse"
	switch e.fatal {
	case fatalKlog:
		if usage {
			r.line(Line{Kind: "usage", Text: usageText})
		}
		r.line(printfLine('F', e.site(stage), err.Error()))
		r.stop(stage, 255, err.Error())
	case fatalErrorS:
		pairs := []kv{{"err", err}}
		switch stage {
		case "loadConfig":
			pairs = append(pairs, kv{"path", r.fv.config})
		case "validate":
			pairs = append(pairs, kv{"path", typeMetaString})
		}
		ctx := stageContext(stage)
		if ctx == "" {
			ctx = "Failed to run kubelet"
		}
		r.line(e.structuredLine('E', e.site(stage), ctx, pairs...))
		if usage {
			r.line(Line{Kind: "usage", Text: usageText})
		}
		r.stop(stage, 1, err.Error())
	case fatalCobra:
		r.line(Line{Kind: "error", Text: "Error: " + r.wrapRunE(stage, err)})
		r.line(Line{Kind: "usage", Text: usageText})
		r.stop(stage, 1, err.Error())
	default:
		r.line(e.structuredLine('E', e.site("run"), "command failed", kv{"err", r.wrapRunE(stage, err)}))
		r.stop(stage, 1, err.Error())
	}
	if r.failingMap != nil {
		r.anchorGateErrors(err.Error())
		r.alternatives(err)
	}
}

func (r *run) failCommand(arg string) {
	e := r.e
	switch e.fatal {
	case fatalKlog:
		r.line(Line{Kind: "usage", Text: usageText})
		r.line(printfLine('F', e.site("command"), "unknown command: "+arg))
		r.stop("command", 255, "unknown command: "+arg)
	case fatalErrorS:
		r.line(e.structuredLine('E', e.site("command"), "Unknown command", kv{"command", arg}))
		r.line(Line{Kind: "usage", Text: usageText})
		r.stop("command", 1, "unknown command "+arg)
	case fatalCobra:
		r.line(Line{Kind: "error", Text: "Error: unknown command " + arg})
		r.line(Line{Kind: "usage", Text: usageText})
		r.stop("command", 1, "unknown command "+arg)
	default:
		r.line(e.structuredLine('E', e.site("run"), "command failed", kv{"err", "unknown command " + arg}))
		r.stop("command", 1, "unknown command "+arg)
	}
}

// anchorGateErrors turns gate errors into diagnostics at the input that
// set the gate, and records them on the gate rows.
func (r *run) anchorGateErrors(msg string) {
	mark := func(name, text string) {
		if o, ok := r.originOf(name); ok {
			r.diag(inputOf(o.source), o.path, o.at, "error", text)
		}
	}
	for _, p := range unknownGates(msg) {
		mark(p.name, p.text)
	}
	for _, p := range lockedGates(msg) {
		mark(p.name, p.text)
	}
	for _, p := range dependencyProblems(msg) {
		if _, ok := r.originOf(p.name); ok {
			mark(p.name, p.text)
			continue
		}
		for _, dep := range strings.Fields(p.deps) {
			mark(dep, p.text)
		}
	}
}

// originOf finds where a gate in the failing map came from.
func (r *run) originOf(name string) (origin, bool) {
	if o, ok := r.origins[name]; ok {
		return o, true
	}
	if o, ok := r.pending[name]; ok {
		return o, true
	}
	if _, ok := r.flagGates[name]; ok {
		return r.flagGateOrigin(name), true
	}
	return origin{}, false
}

func inputOf(source string) string {
	switch source {
	case "flag":
		return "flags"
	case "config", "dropin", "dynamic":
		return source
	}
	return source
}

// alternatives lists every problem of the failing map: the real library
// walks it in random order, so it may report any of them first (≤1.30)
// or aggregate them in another order or stop at another unknown key (1.31+).
func (r *run) alternatives(shown error) {
	g := r.gate.Copy()
	g.SetWarningSink(func(featuregate.Warning) {})
	var probs []string
	keys := make([]string, 0, len(r.failingMap))
	for k := range r.failingMap {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := r.failingMap[k]
		spec, ok := g.SpecAt(featuregate.Feature(k))
		switch {
		case !ok:
			probs = append(probs, "unrecognized feature gate: "+k)
		case spec.LockToDefault && spec.Default != v:
			probs = append(probs, fmt.Sprintf("cannot set feature gate %s to %t, feature is locked to %t", k, v, spec.Default))
		}
	}
	if len(probs) > 1 {
		r.res.Alternatives = probs
		r.note("%s; the problems in this input are listed under alternatives", featuregate.OrderRule)
	}
}
