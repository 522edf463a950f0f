package kubeletstart

import (
	"fmt"
)

// ValidateKubeletConfiguration's field checks for the tracked fields
// (configfields.go), in upstream's order, with each release's wording:
// 1.18–1.19 name fields the Go way ("MaxPods (--max-pods)"), 1.20 switched
// to the JSON names ("maxPods (--max-pods)"); nodeStatusMaxImages is checked
// from 1.19 and prints its value from 1.24. Read from
// pkg/kubelet/apis/config/validation/validation.go of every release.
//
// The gate's own problems (1.35+ Validate) come first, then these checks,
// with crashLoopBackOff.maxContainerRestartPeriod (gatedfields.go) in its
// place between them.

// fieldCheck is one failed check, anchored to the fields it reads.
type fieldCheck struct {
	err    error
	fields []string
}

func (r *run) fieldErrors(enabled func(string) bool) []error {
	st := r.cfg
	e := r.e
	var out []fieldCheck
	name := func(path string) string {
		if e.minor <= 19 {
			for _, c := range configFields {
				if c.path == path {
					return c.goName
				}
			}
		}
		return path
	}
	add := func(msg string, fields ...string) {
		out = append(out, fieldCheck{err: fmt.Errorf("invalid configuration: %s", msg), fields: fields})
	}
	negative := func(path, flag string) {
		if v := st.int(path); v < 0 {
			add(fmt.Sprintf("%s (--%s) %d must not be a negative number", name(path), flag, v), path)
		}
	}
	between := func(path, flag string, lo, hi int64) {
		if v := st.int(path); v < lo || v > hi {
			add(fmt.Sprintf("%s (--%s) %d must be between %d and %d, inclusive", name(path), flag, v, lo, hi), path)
		}
	}
	validPort := func(v int64) bool { return v >= 1 && v <= 65535 }

	if st.int("nodeLeaseDurationSeconds") <= 0 {
		add(name("nodeLeaseDurationSeconds")+" must be greater than 0", "nodeLeaseDurationSeconds")
	}
	negative("eventBurst", "event-burst")
	negative("eventRecordQPS", "event-qps")
	if v := st.int("healthzPort"); v != 0 && !validPort(v) {
		add(fmt.Sprintf("%s (--healthz-port) %d must be between 1 and 65535, inclusive", name("healthzPort"), v), "healthzPort")
	}
	between("imageGCHighThresholdPercent", "image-gc-high-threshold", 0, 100)
	between("imageGCLowThresholdPercent", "image-gc-low-threshold", 0, 100)
	if lo, hi := st.int("imageGCLowThresholdPercent"), st.int("imageGCHighThresholdPercent"); lo >= hi {
		add(fmt.Sprintf("%s (--image-gc-low-threshold) %d must be less than %s (--image-gc-high-threshold) %d",
			name("imageGCLowThresholdPercent"), lo, name("imageGCHighThresholdPercent"), hi),
			"imageGCLowThresholdPercent", "imageGCHighThresholdPercent")
	}
	between("iptablesDropBit", "iptables-drop-bit", 0, 31)
	between("iptablesMasqueradeBit", "iptables-masquerade-bit", 0, 31)
	negative("kubeAPIBurst", "kube-api-burst")
	negative("kubeAPIQPS", "kube-api-qps")
	if e.minor >= 19 {
		if v := st.int("nodeStatusMaxImages"); v < -1 {
			if e.minor >= 24 {
				add(fmt.Sprintf("%s (--node-status-max-images) %d must be -1 or greater", name("nodeStatusMaxImages"), v), "nodeStatusMaxImages")
			} else {
				add(name("nodeStatusMaxImages")+" (--node-status-max-images) must be -1 or greater", "nodeStatusMaxImages")
			}
		}
	}
	negative("maxOpenFiles", "max-open-files")
	negative("maxPods", "max-pods")
	between("oomScoreAdj", "oom-score-adj", -1000, 1000)
	negative("podsPerCore", "pods-per-core")
	if v := st.int("port"); !validPort(v) {
		add(fmt.Sprintf("%s (--port) %d must be between 1 and 65535, inclusive", name("port"), v), "port")
	}
	if v := st.int("readOnlyPort"); v != 0 && !validPort(v) {
		add(fmt.Sprintf("%s (--read-only-port) %d must be between 0 and 65535, inclusive", name("readOnlyPort"), v), "readOnlyPort")
	}
	negative("registryBurst", "registry-burst")
	negative("registryPullQPS", "registry-qps")

	var errs []error
	for _, c := range out {
		errs = append(errs, c.err)
		r.anchorFields(c)
	}
	errs = append(errs, r.gatedFieldErrors(enabled)...)

	switch hm := st.str("hairpinMode"); hm {
	case "none", "hairpin-veth", "promiscuous-bridge":
	default:
		c := fieldCheck{err: fmt.Errorf("invalid configuration: option %q specified for %s (--hairpin-mode). Valid options are %q, %q or %q",
			hm, name("hairpinMode"), "none", "hairpin-veth", "promiscuous-bridge"), fields: []string{"hairpinMode"}}
		errs = append(errs, c.err)
		r.anchorFields(c)
	}
	return errs
}

// anchorFields marks a failed check at the inputs that set its fields
// (defaults have no input to point at).
func (r *run) anchorFields(c fieldCheck) {
	for _, f := range c.fields {
		o := r.cfg[f].from
		if o.source == "default" || o.source == "" {
			continue
		}
		r.diag(inputOf(o.source), o.path, o.at, "error", c.err.Error())
	}
}
