package kubeletstart

import (
	"fmt"
	"strconv"
	"time"
)

// Gate-dependent configuration fields. ValidateKubeletConfiguration checks
// some fields against the gates the configuration will run with; a config
// written for a newer kubelet (whose defaulting filled the field) is then
// refused by an older one (clastix/kamaji#1047). The model follows the one
// such field that involves feature-gate upgrades most often:
// crashLoopBackOff.maxContainerRestartPeriod (KEP-4603, field since 1.32),
// which needs KubeletCrashLoopBackOffMax. With the gate on, defaulting fills
// a missing value, so only "must not be set" and the range check remain.

const crashLoopGate = "KubeletCrashLoopBackOffMax"

// gatedField is a field value read from a file, with where it came from.
type gatedField struct {
	value any
	from  origin
}

// crashLoopMaxOf returns crashLoopBackOff.maxContainerRestartPeriod of a
// decoded document, if present.
func crashLoopMaxOf(obj map[string]any) (any, bool) {
	clb, ok := obj["crashLoopBackOff"].(map[string]any)
	if !ok {
		return nil, false
	}
	v, ok := clb["maxContainerRestartPeriod"]
	if !ok || v == nil {
		return nil, false
	}
	return v, true
}

// noteCrashLoopMax records the field from a file (a later file wins, as
// with the merge patch; a null in a drop-in deletes it).
func (r *run) noteCrashLoopMax(obj map[string]any, input, path string, pos *positions) {
	if r.e.minor < 32 {
		return
	}
	if clb, ok := obj["crashLoopBackOff"]; ok {
		if clb == nil {
			r.crashLoopMax = nil
			return
		}
		if m, ok := clb.(map[string]any); ok {
			if v, present := m["maxContainerRestartPeriod"]; present && v == nil {
				r.crashLoopMax = nil
				return
			}
		}
	}
	if v, ok := crashLoopMaxOf(obj); ok {
		r.crashLoopMax = &gatedField{value: v, from: origin{source: input, path: path, at: pos.field("crashLoopBackOff.maxContainerRestartPeriod")}}
	}
}

// gatedFieldErrors are the field checks of ValidateKubeletConfiguration
// against the copy of the gate holding the configuration's gates.
func (r *run) gatedFieldErrors(enabled func(string) bool) []error {
	f := r.crashLoopMax
	if f == nil || r.e.minor < 32 {
		return nil
	}
	var errs []error
	if !enabled(crashLoopGate) {
		errs = append(errs, fmt.Errorf("invalid configuration: FeatureGate %s not enabled, CrashLoopBackOff.MaxContainerRestartPeriod must not be set", crashLoopGate))
	} else if s, ok := f.value.(string); ok {
		if d, err := time.ParseDuration(s); err == nil && (d.Milliseconds() < 1000 || d.Milliseconds() > 300000) {
			errs = append(errs, fmt.Errorf("invalid configuration: CrashLoopBackOff.MaxContainerRestartPeriod (got: %s seconds) must be set between 1s and 300s",
				strconv.FormatFloat(d.Seconds(), 'g', -1, 64)))
		}
	}
	for _, err := range errs {
		r.diag(f.from.source, f.from.path, f.from.at, "error", err.Error())
	}
	return errs
}
