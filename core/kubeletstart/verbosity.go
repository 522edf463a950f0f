package kubeletstart

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
)

// Verbose lines. With --v ≥ 1 the kubelet prints its flags and, after every
// successful SetFromMap, the gate's enabled map; from 1.36 it reports
// skipped drop-in files at --v ≥ 4. Which of them appear depends on when
// the verbosity takes effect:
//
//	1.18–1.22  --v is klog's own flag: in force as soon as the command line
//	           is parsed (the flags are printed before the first SetFromMap)
//	1.23–1.24  --v is logging.verbosity of the configuration (a config file
//	           can set it, a flag wins) and is applied after validation, so
//	           only run()'s SetFromMap is seen
//	1.25+      applied before validation: the validation copy's SetFromMap
//	           and run()'s are seen
//
// The model prints only these lines; the kubelet's other verbose lines come
// from parts it does not follow.

type logInit uint8

const (
	logAtParse logInit = iota
	logAfterValidate
	logBeforeValidate
)

// verbosity is the level in force once logging is initialised.
func (r *run) verbosity() int64 {
	if r.e.logInit == logAtParse {
		n, _ := strconv.ParseInt(r.fv.values["v"], 0, 64)
		return n
	}
	return r.cfg.int("logging.verbosity")
}

// applyLogging is logsapi.ValidateAndApplyAsField (1.25+): the kubelet
// validates its logging configuration when it initialises logging, with
// the global gate (holding the merged gates), before the "Effective
// KubeletConfiguration" line and ValidateKubeletConfiguration, and stops
// with "initialize logging: " and the logging errors alone. Up to 1.24 the
// validation's logging errors come first.
func (r *run) applyLogging() bool {
	if r.e.logInit != logBeforeValidate {
		return true
	}
	c := &nestedChecks{fieldChecks: fieldChecks{st: r.cfg, e: r.e}, emptyFormat: r.emptyLogFormat, enabled: func(name string) bool {
		on, _ := r.gate.Lookup(name)
		return on
	}}
	c.logging()
	errs := r.takeChecks(&c.fieldChecks)
	if len(errs) == 0 {
		return true
	}
	r.fail("initLogging", fmt.Errorf("initialize logging: %w", featuregate.NewAggregate(errs)))
	return false
}

// initLogging is the point where the verbosity takes effect.
func (r *run) initLogging() {
	r.logsOn = true
	if r.e.effectiveConfigLog {
		r.effectiveConfigLine()
	}
	if r.verbosity() >= 1 {
		r.line(printfLine('I', printFlagsSite(r.e.minor), "FLAG: --… (PrintFlags: one line per kubelet flag, in name order, with its value; omitted by the model)"))
	}
}

// printFlagsSite is PrintFlags' klog.V(1).Infof: pkg/util/flag (1.18),
// component-base cli/flag (1.19+).
func printFlagsSite(minor int) string {
	switch {
	case minor <= 18:
		return "flags.go:33"
	case minor <= 22:
		return "flags.go:59"
	}
	return "flags.go:64"
}

// gatesLine is SetFromMap's V(1) line after a successful call on g.
func (r *run) gatesLine(g featuregate.Gate) {
	if !r.logsOn || r.verbosity() < 1 {
		return
	}
	lib := r.e.lib
	site := fmt.Sprintf("feature_gate.go:%d", gatesLineNumber(lib))
	enabled := g.EnabledMap()
	switch {
	case lib <= 30:
		// klog.V(1).Infof("feature gates: %v", f.enabled) with f.enabled a
		// *atomic.Value: fmt prints the pointer to the struct holding the map.
		r.line(printfLine('I', site, fmt.Sprintf("feature gates: &{%v}", enabled)))
	case lib <= 35:
		// f.enabled is an atomic.Value field, passed by value.
		r.line(printfLine('I', site, fmt.Sprintf("feature gates: {%v}", enabled)))
	default:
		// logger.V(1).Info("Updated", "featureGates", enabled): klog
		// serialises a map as JSON.
		js, _ := json.Marshal(enabled)
		r.line(Line{Kind: "info", Text: klogHeader('I', site) + strconv.Quote("Updated") + " featureGates=" + string(js)})
	}
}

// gatesLineNumber is the line of that call in feature_gate.go per
// component-base minor.
func gatesLineNumber(lib featuregate.Library) int {
	switch {
	case lib <= 21:
		return 243
	case lib <= 25:
		return 245
	case lib <= 29:
		return 249
	case lib == 30:
		return 254
	case lib <= 32:
		return 387
	case lib <= 34:
		return 385
	case lib == 35:
		return 466
	}
	return 510
}

// skippedDropinLines are 1.36's V(4) lines for files of the drop-in
// directory without the .conf extension, logged after validation.
func (r *run) skippedDropinLines() {
	if !r.e.skippedDropinLog || r.verbosity() < 4 {
		return
	}
	for _, p := range r.skippedDropins {
		r.line(r.e.structuredLine('I', r.e.site("skippedDropin"), "Skipped file in drop-in directory (does not have .conf extension)", kv{"file", p}))
	}
}
