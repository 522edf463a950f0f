package kubeletstart

import (
	"fmt"
	"strconv"
	"time"
)

// Gate-dependent configuration fields. From 1.32 SetDefaults_KubeletConfiguration
// fills two fields only while their gate is on (read from
// pkg/kubelet/apis/config/v1beta1/defaults.go, 1.32–1.37), and
// ValidateKubeletConfiguration refuses them once the gate the configuration
// runs with is off:
//
//   - crashLoopBackOff.maxContainerRestartPeriod (1.32+, 300s) with
//     KubeletCrashLoopBackOffMax;
//   - imagePullCredentialsVerificationPolicy (1.33+, NeverVerifyPreloadedImages)
//     with KubeletEnsureSecretPulledImages.
//
// Defaulting runs three times, each with the gates known then: on the
// built-in configuration before the flags are read (the default gates: it
// is what a kubelet without --config runs with), on the config file (the
// flags' gates and the file's), and on the merged drop-ins (the merged
// gates). A value filled at one step stays in the JSON the next step
// merges, so a drop-in or a flag that turns the gate off is refused with
// "must not be set", and a flag that turns it on without a config file
// leaves the field empty ("must be set", or the policy's enum check). A
// config written for a newer kubelet whose defaulting filled a field is
// refused by an older one the same way (clastix/kamaji#1047).

const (
	crashLoopGate      = "KubeletCrashLoopBackOffMax"
	ensureSecretGate   = "KubeletEnsureSecretPulledImages"
	imagePullPolicy    = "imagePullCredentialsVerificationPolicy"
	imagePullPolicyDef = "NeverVerifyPreloadedImages"
)

// defaultGated is the gate-dependent part of defaulting: enabled answers for
// the gate copy defaulting reads.
func (r *run) defaultGated(enabled func(string) bool) {
	if r.e.minor >= 32 && r.crashLoopMax == nil && enabled(crashLoopGate) {
		r.crashLoopMax = &gatedField{value: "5m0s", from: origin{source: "default"}}
	}
	if r.e.minor >= 33 && r.cfg.str(imagePullPolicy) == "" && enabled(ensureSecretGate) {
		r.cfg[imagePullPolicy] = fieldValue{val: imagePullPolicyDef, from: origin{source: "default"}}
	}
}

// defaultBuiltin defaults the built-in configuration with the default
// gates (options.NewKubeletConfiguration, before the flags are parsed).
func (r *run) defaultBuiltin() {
	if !r.e.defaultingGates {
		return
	}
	cp := r.gate.Copy()
	r.defaultGated(func(name string) bool { on, _ := cp.Lookup(name); return on })
}

// imagePullPolicy is the policy's check (1.33+), after hairpinMode's.
func (c *nestedChecks) imagePullPolicy() {
	if c.e.minor < 33 {
		return
	}
	p := c.st.str(imagePullPolicy)
	if !c.enabled(ensureSecretGate) {
		if p != "" {
			c.addRaw("invalid configuration: `imagePullCredentialsVerificationPolicy` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled", imagePullPolicy)
		}
		return
	}
	switch p {
	case "NeverVerify", imagePullPolicyDef, "NeverVerifyAllowlistedImages", "AlwaysVerify":
	default:
		c.addRaw("invalid configuration: option "+strconv.Quote(p)+` specified for imagePullCredentialsVerificationPolicy. Valid options are "NeverVerify", "NeverVerifyPreloadedImages", "NeverVerifyAllowlistedImages" or "AlwaysVerify"`, imagePullPolicy)
	}
}

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
	if input == "config" {
		r.crashLoopMax = nil // the file replaces the built-in configuration
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
	if r.e.minor < 32 {
		return nil
	}
	if f == nil {
		if enabled(crashLoopGate) {
			return []error{fmt.Errorf("invalid configuration: FeatureGate %s is enabled, CrashLoopBackOff.MaxContainerRestartPeriod must be set", crashLoopGate)}
		}
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
	if f.from.source != "default" {
		for _, err := range errs {
			r.diag(f.from.source, f.from.path, f.from.at, "error", err.Error())
		}
	}
	return errs
}
