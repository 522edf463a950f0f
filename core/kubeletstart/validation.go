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

// fieldChecks collects failed checks over one configuration, worded for
// the release.
type fieldChecks struct {
	st  configState
	e   era
	out []fieldCheck
}

// name is how the release's messages name a field: 1.18–1.19 the Go way.
func (c *fieldChecks) name(path string) string {
	if c.e.minor <= 19 {
		for _, f := range configFields {
			if f.path == path {
				return f.goName
			}
		}
	}
	return path
}

func (c *fieldChecks) add(msg string, fields ...string) {
	c.out = append(c.out, fieldCheck{err: fmt.Errorf("invalid configuration: %s", msg), fields: fields})
}

func (c *fieldChecks) negative(path, flag string) {
	if v := c.st.int(path); v < 0 {
		c.add(fmt.Sprintf("%s (--%s) %d must not be a negative number", c.name(path), flag, v), path)
	}
}

func (c *fieldChecks) between(path, flag string, lo, hi int64) {
	if v := c.st.int(path); v < lo || v > hi {
		c.add(fmt.Sprintf("%s (--%s) %d must be between %d and %d, inclusive", c.name(path), flag, v, lo, hi), path)
	}
}

func validPort(v int64) bool { return v >= 1 && v <= 65535 }

// numeric runs the numeric checks in upstream's order.
func (c *fieldChecks) numeric() {
	st, name := c.st, c.name
	if st.int("nodeLeaseDurationSeconds") <= 0 {
		c.add(name("nodeLeaseDurationSeconds")+" must be greater than 0", "nodeLeaseDurationSeconds")
	}
	c.negative("eventBurst", "event-burst")
	c.negative("eventRecordQPS", "event-qps")
	if v := st.int("healthzPort"); v != 0 && !validPort(v) {
		c.add(fmt.Sprintf("%s (--healthz-port) %d must be between 1 and 65535, inclusive", name("healthzPort"), v), "healthzPort")
	}
	c.between("imageGCHighThresholdPercent", "image-gc-high-threshold", 0, 100)
	c.between("imageGCLowThresholdPercent", "image-gc-low-threshold", 0, 100)
	if lo, hi := st.int("imageGCLowThresholdPercent"), st.int("imageGCHighThresholdPercent"); lo >= hi {
		c.add(fmt.Sprintf("%s (--image-gc-low-threshold) %d must be less than %s (--image-gc-high-threshold) %d",
			name("imageGCLowThresholdPercent"), lo, name("imageGCHighThresholdPercent"), hi),
			"imageGCLowThresholdPercent", "imageGCHighThresholdPercent")
	}
	c.between("iptablesDropBit", "iptables-drop-bit", 0, 31)
	c.between("iptablesMasqueradeBit", "iptables-masquerade-bit", 0, 31)
	c.negative("kubeAPIBurst", "kube-api-burst")
	c.negative("kubeAPIQPS", "kube-api-qps")
	c.nodeStatusMaxImages()
	c.negative("maxOpenFiles", "max-open-files")
	c.negative("maxPods", "max-pods")
	c.between("oomScoreAdj", "oom-score-adj", -1000, 1000)
	c.negative("podsPerCore", "pods-per-core")
	if v := st.int("port"); !validPort(v) {
		c.add(fmt.Sprintf("%s (--port) %d must be between 1 and 65535, inclusive", name("port"), v), "port")
	}
	if v := st.int("readOnlyPort"); v != 0 && !validPort(v) {
		c.add(fmt.Sprintf("%s (--read-only-port) %d must be between 0 and 65535, inclusive", name("readOnlyPort"), v), "readOnlyPort")
	}
	c.negative("registryBurst", "registry-burst")
	c.negative("registryPullQPS", "registry-qps")
}

// nodeStatusMaxImages is checked from 1.19 and prints its value from 1.24.
func (c *fieldChecks) nodeStatusMaxImages() {
	if c.e.minor < 19 {
		return
	}
	if v := c.st.int("nodeStatusMaxImages"); v < -1 {
		if c.e.minor >= 24 {
			c.add(fmt.Sprintf("%s (--node-status-max-images) %d must be -1 or greater", c.name("nodeStatusMaxImages"), v), "nodeStatusMaxImages")
		} else {
			c.add(c.name("nodeStatusMaxImages")+" (--node-status-max-images) must be -1 or greater", "nodeStatusMaxImages")
		}
	}
}

// hairpinMode is the enum check, after the gated fields.
func (c *fieldChecks) hairpinMode() (fieldCheck, bool) {
	switch hm := c.st.str("hairpinMode"); hm {
	case "none", "hairpin-veth", "promiscuous-bridge":
		return fieldCheck{}, false
	default:
		return fieldCheck{err: fmt.Errorf("invalid configuration: option %q specified for %s (--hairpin-mode). Valid options are %q, %q or %q",
			hm, c.name("hairpinMode"), "none", "hairpin-veth", "promiscuous-bridge"), fields: []string{"hairpinMode"}}, true
	}
}

// fieldErrors are ValidateKubeletConfiguration's field checks, each marked
// at the inputs that set its fields; enabled answers for the gate copy
// holding the configuration's gates.
func (r *run) fieldErrors(enabled func(string) bool) []error {
	c := &nestedChecks{fieldChecks: fieldChecks{st: r.cfg, e: r.e}, emptyFormat: r.emptyLogFormat, enabled: enabled}
	c.numeric()
	c.taints()
	c.shutdown()
	c.swap()
	errs := r.takeChecks(&c.fieldChecks)
	errs = append(errs, r.gatedFieldErrors(enabled)...)
	if fc, bad := c.hairpinMode(); bad {
		c.out = append(c.out, fc)
	}
	c.imagePullPolicy()
	c.allowlist()
	c.reservedMemory()
	c.logging()
	c.tracing()
	return append(errs, r.takeChecks(&c.fieldChecks)...)
}

// takeChecks returns the failed checks collected so far, each marked at
// its inputs.
func (r *run) takeChecks(c *fieldChecks) []error {
	var errs []error
	for _, fc := range c.out {
		errs = append(errs, fc.err)
		r.anchorFields(fc)
	}
	c.out = nil
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
