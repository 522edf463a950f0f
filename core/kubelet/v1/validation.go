package v1

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// FieldError is one validation failure, in the API server's words.
type FieldError struct {
	Path string
	Msg  string
}

func (e FieldError) Error() string { return e.Path + ": " + e.Msg }

// ValidateOptions carries what validation depends on.
type ValidateOptions struct {
	// Sidecars allows initContainers[].restartPolicy (SidecarContainers).
	Sidecars bool
	// InitRestartPolicyField is whether the release's API has
	// initContainers[].restartPolicy (1.28 on). Where it has the field but
	// the SidecarContainers gate is off, the API server drops it
	// (DropDisabledFields); before, it is an unknown field.
	InitRestartPolicyField bool
	// GRPCProbeField is whether probes may have grpc (1.23 on).
	GRPCProbeField bool
	// SleepActionField is whether hooks may have sleep (1.29 on);
	// SleepAction is the PodLifecycleSleepAction gate, without which the
	// API server drops it.
	SleepActionField, SleepAction bool
	// SleepZeroGate is whether the release has PodLifecycleSleepActionAllowZero
	// (1.32 on), and SleepAllowZero its value: with it a sleep of 0s is
	// valid.
	SleepZeroGate, SleepAllowZero bool
	// RestartRulesField is whether the release's API has
	// restartPolicyRules (1.34 on); RestartRules is the ContainerRestartRules
	// gate, without which the API server drops a container's own restart
	// policy and rules (an init container keeps restartPolicy: Always).
	RestartRulesField, RestartRules bool
	// RestartRulesInitPolicy: from 1.35 an init container with rules and no
	// restartPolicy is refused (1.34 let the rules through, unused).
	RestartRulesInitPolicy bool
	// RestartRulesTooMany: from 1.36 too many rules or exit codes are
	// reported as "Too many" (before as "Too long"), and an unsupported
	// action lists the actions the gates allow (before only Restart).
	RestartRulesTooMany bool
	// RestartAll is the RestartAllContainersOnContainerExits gate (alpha
	// 1.35, beta 1.36): the action RestartAllContainers is valid, and so are
	// rules on a sidecar.
	RestartAll bool
}

// initRestartPolicyField: the SidecarContainers gate exists only where the
// field does.
func (o ValidateOptions) initRestartPolicyField() bool { return o.Sidecars || o.InitRestartPolicyField }

// DropDisabledFields clears the fields the API server drops on create
// while their feature gate is off (pkg/api/pod: dropDisabledFields): with
// SidecarContainers off an init container's restartPolicy goes, so it is
// an ordinary init container.
func DropDisabledFields(p *Pod, opt ValidateOptions) {
	if opt.SleepActionField && !opt.SleepAction {
		// PodLifecycleSleepAction off (1.29, alpha): a sleep hook loses its
		// action and fails validation for want of a handler.
		for _, cs := range [][]Container{p.Spec.InitContainers, p.Spec.Containers} {
			for i := range cs {
				if l := cs[i].Lifecycle; l != nil {
					for _, h := range []*LifecycleHandler{l.PostStart, l.PreStop} {
						if h != nil {
							h.Sleep = nil
						}
					}
				}
			}
		}
	}
	if opt.RestartRulesField && !opt.RestartRules {
		// dropContainerRestartRules: the rules everywhere, and every
		// container's own policy except a sidecar's.
		for i := range p.Spec.InitContainers {
			c := &p.Spec.InitContainers[i]
			if !IsRestartableInitContainer(c) {
				c.RestartPolicy = nil
			}
			c.RestartPolicyRules = nil
		}
		for i := range p.Spec.Containers {
			p.Spec.Containers[i].RestartPolicy = nil
			p.Spec.Containers[i].RestartPolicyRules = nil
		}
	}
	if opt.Sidecars || !opt.InitRestartPolicyField {
		return
	}
	for i := range p.Spec.InitContainers {
		p.Spec.InitContainers[i].RestartPolicy = nil
	}
}

// Validate checks a defaulted pod the way the API server would, for the
// fields this model reads, and returns the failures in field order.
func Validate(p *Pod, opt ValidateOptions) []FieldError {
	var errs []FieldError
	add := func(path, format string, args ...any) {
		errs = append(errs, FieldError{path, fmt.Sprintf(format, args...)})
	}
	name := p.Metadata.Name
	switch {
	case name == "":
		add("metadata.name", "Required value: name or generateName is required")
	case len(name) > 253 || !isDNS1123Subdomain(name):
		add("metadata.name", "Invalid value: %q: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character", name)
	}
	if ns := p.Metadata.Namespace; len(ns) > 63 || !isDNS1123Label(ns) {
		add("metadata.namespace", "Invalid value: %q: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character", ns)
	}
	if p.APIVersion != "v1" {
		add("apiVersion", "Unsupported value: %q: supported values: \"v1\"", p.APIVersion)
	}
	if p.Kind != "Pod" {
		add("kind", "Unsupported value: %q: supported values: \"Pod\"", p.Kind)
	}
	switch p.Spec.RestartPolicy {
	case RestartPolicyAlways, RestartPolicyOnFailure, RestartPolicyNever:
	default:
		add("spec.restartPolicy", "Unsupported value: %q: supported values: \"Always\", \"OnFailure\", \"Never\"", p.Spec.RestartPolicy)
	}
	if g := p.Spec.TerminationGracePeriodSeconds; g != nil && *g < 0 {
		add("spec.terminationGracePeriodSeconds", "Invalid value: %d: must be greater than or equal to 0", *g)
	}
	if d := p.Spec.ActiveDeadlineSeconds; d != nil && (*d < 1 || *d > 2147483647) {
		add("spec.activeDeadlineSeconds", "Invalid value: %d: must be between 1 and 2147483647, inclusive", *d)
	}
	if len(p.Spec.Containers) == 0 {
		add("spec.containers", "Required value")
	}
	names := map[string]bool{}
	for i := range p.Spec.InitContainers {
		c := &p.Spec.InitContainers[i]
		path := fmt.Sprintf("spec.initContainers[%d]", i)
		validateContainer(c, path, names, p.Spec.TerminationGracePeriodSeconds, opt, add)
		switch {
		case c.RestartPolicy != nil && !opt.initRestartPolicyField():
			// Strict decoding, as kubectl asks for by default.
			add(path+".restartPolicy", "unknown field \"restartPolicy\"")
		case opt.RestartRules && c.RestartPolicy == nil:
			if len(c.RestartPolicyRules) > 0 && opt.RestartRulesInitPolicy {
				add(path+".restartPolicy", "Required value: must specify restartPolicy when restart rules are used")
			}
		case opt.RestartRules && (*c.RestartPolicy != RestartPolicyAlways || opt.RestartAll):
			validateRestartRules(c, path, opt, add)
		case opt.RestartRules:
			if len(c.RestartPolicyRules) > 0 {
				add(path+".restartPolicyRules", "Forbidden: restartPolicyRules are not allowed for init containers with restart policy Always")
			}
		case c.RestartPolicy != nil && *c.RestartPolicy != RestartPolicyAlways:
			add(path+".restartPolicy", "Unsupported value: %q: supported values: \"Always\"", *c.RestartPolicy)
		}
		unknownRules(c, path, opt, add)
		if !IsRestartableInitContainer(c) {
			forbidden := "Forbidden: may not be set for init containers"
			if opt.initRestartPolicyField() {
				forbidden += " without restartPolicy=Always"
			}
			if c.Lifecycle != nil {
				add(path+".lifecycle", "%s", forbidden)
			}
			for _, pr := range []struct {
				name string
				p    *Probe
			}{{"livenessProbe", c.LivenessProbe}, {"readinessProbe", c.ReadinessProbe}, {"startupProbe", c.StartupProbe}} {
				if pr.p != nil {
					add(path+"."+pr.name, "%s", forbidden)
				}
			}
		}
	}
	for i := range p.Spec.Containers {
		c := &p.Spec.Containers[i]
		path := fmt.Sprintf("spec.containers[%d]", i)
		validateContainer(c, path, names, p.Spec.TerminationGracePeriodSeconds, opt, add)
		switch {
		case c.RestartPolicy != nil && !opt.initRestartPolicyField():
			add(path+".restartPolicy", "unknown field \"restartPolicy\"")
		case opt.RestartRules:
			validateRestartRules(c, path, opt, add)
		case c.RestartPolicy != nil:
			add(path+".restartPolicy", "Forbidden: may not be set for non-init containers")
		}
		unknownRules(c, path, opt, add)
	}
	for i, t := range p.Spec.Tolerations {
		if t.Operator != "" && t.Operator != "Equal" && t.Operator != "Exists" {
			add(fmt.Sprintf("spec.tolerations[%d].operator", i), "Unsupported value: %q: supported values: \"Equal\", \"Exists\"", t.Operator)
		}
	}
	if a := p.Spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		for i, term := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
			for j, r := range term.MatchExpressions {
				path := fmt.Sprintf("spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[%d].matchExpressions[%d].operator", i, j)
				switch r.Operator {
				case "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt":
				default:
					add(path, "Unsupported value: %q: supported values: \"DoesNotExist\", \"Exists\", \"Gt\", \"In\", \"Lt\", \"NotIn\"", r.Operator)
				}
			}
		}
	}
	for k, q := range p.Spec.Overhead {
		if _, err := ParseQuantity(string(q)); err != nil {
			add("spec.overhead."+k, "Invalid value: %s: %v", quoteValue(string(q)), err)
		}
	}
	return errs
}

func validateContainer(c *Container, path string, names map[string]bool, grace *int64, opt ValidateOptions, add func(string, string, ...any)) {
	switch {
	case c.Name == "":
		add(path+".name", "Required value")
	case !isDNS1123Label(c.Name) || len(c.Name) > 63:
		add(path+".name", "Invalid value: %q: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character", c.Name)
	case names[c.Name]:
		add(path+".name", "Duplicate value: %q", c.Name)
	}
	names[c.Name] = true
	if strings.TrimSpace(c.Image) == "" {
		add(path+".image", "Required value")
	}
	switch c.ImagePullPolicy {
	case PullAlways, PullIfNotPresent, PullNever:
	default:
		add(path+".imagePullPolicy", "Unsupported value: %q: supported values: \"Always\", \"IfNotPresent\", \"Never\"", c.ImagePullPolicy)
	}
	if r := c.Resources; r != nil {
		for _, k := range sortedKeys(r.Requests) {
			q, err := ParseQuantity(string(r.Requests[k]))
			if err != nil {
				add(path+".resources.requests."+k, "Invalid value: %s: %v", quoteValue(string(r.Requests[k])), err)
				continue
			}
			if q.Sign() < 0 {
				add(path+".resources.requests."+k, "Invalid value: %q: must be greater than or equal to 0", r.Requests[k])
			}
			if l, ok := r.Limits[k]; ok {
				if lq, err := ParseQuantity(string(l)); err == nil && q.Cmp(lq) > 0 {
					add(path+".resources.requests", "Invalid value: %q: must be less than or equal to %s limit of %s", r.Requests[k], k, l)
				}
			}
		}
		for _, k := range sortedKeys(r.Limits) {
			if _, err := ParseQuantity(string(r.Limits[k])); err != nil {
				add(path+".resources.limits."+k, "Invalid value: %s: %v", quoteValue(string(r.Limits[k])), err)
			}
		}
	}
	for _, pr := range []struct {
		name string
		p    *Probe
	}{{"livenessProbe", c.LivenessProbe}, {"readinessProbe", c.ReadinessProbe}, {"startupProbe", c.StartupProbe}} {
		if pr.p == nil {
			continue
		}
		pp := path + "." + pr.name
		if pr.p.GRPC != nil && !opt.GRPCProbeField {
			add(pp+".grpc", "unknown field \"grpc\"")
		}
		n := 0
		for _, set := range []bool{pr.p.Exec != nil, pr.p.HTTPGet != nil, pr.p.TCPSocket != nil, pr.p.GRPC != nil} {
			if set {
				n++
			}
		}
		if n == 0 {
			add(pp, "Required value: must specify a handler type")
		} else if n > 1 {
			add(pp, "Forbidden: may not specify more than 1 handler type")
		}
		if pr.name != "readinessProbe" && pr.p.SuccessThreshold != 1 {
			add(pp+".successThreshold", "Invalid value: %d: must be 1", pr.p.SuccessThreshold)
		}
		for _, f := range []struct {
			name string
			v    int32
			min  int32
		}{{"initialDelaySeconds", pr.p.InitialDelaySeconds, 0}, {"timeoutSeconds", pr.p.TimeoutSeconds, 0},
			{"periodSeconds", pr.p.PeriodSeconds, 0}, {"successThreshold", pr.p.SuccessThreshold, 0}, {"failureThreshold", pr.p.FailureThreshold, 0}} {
			if f.v < f.min {
				add(pp+"."+f.name, "Invalid value: %d: must be greater than or equal to 0", f.v)
			}
		}
		if pr.p.Exec != nil && len(pr.p.Exec.Command) == 0 {
			add(pp+".exec.command", "Required value")
		}
	}
	if l := c.Lifecycle; l != nil {
		for _, h := range []struct {
			name string
			h    *LifecycleHandler
		}{{"postStart", l.PostStart}, {"preStop", l.PreStop}} {
			if h.h == nil {
				continue
			}
			if h.h.Sleep != nil && !opt.SleepActionField {
				add(path+".lifecycle."+h.name+".sleep", "unknown field \"sleep\"")
			}
			n := 0
			for _, set := range []bool{h.h.Exec != nil, h.h.HTTPGet != nil, h.h.TCPSocket != nil, h.h.Sleep != nil} {
				if set {
					n++
				}
			}
			if n == 0 {
				add(path+".lifecycle."+h.name, "Required value: must specify a handler type")
			} else if n > 1 {
				add(path+".lifecycle."+h.name, "Forbidden: may not specify more than 1 handler type")
			}
			if h.h.Exec != nil && len(h.h.Exec.Command) == 0 {
				add(path+".lifecycle."+h.name+".exec.command", "Required value")
			}
			if h.h.Sleep != nil && grace != nil {
				validateSleep(h.h.Sleep.Seconds, *grace, path+".lifecycle."+h.name+".sleep", opt, add)
			}
		}
	}
}

// unknownRules: before 1.34 the API has no restartPolicyRules.
func unknownRules(c *Container, path string, opt ValidateOptions, add func(string, string, ...any)) {
	if c.RestartPolicyRules != nil && !opt.RestartRulesField {
		add(path+".restartPolicyRules", "unknown field \"restartPolicyRules\"")
	}
}

// validateRestartRules checks a container's own restartPolicy and its
// rules (validateContainerRestartPolicy, ContainerRestartRules on).
func validateRestartRules(c *Container, path string, opt ValidateOptions, add func(string, string, ...any)) {
	switch {
	case c.RestartPolicy == nil && len(c.RestartPolicyRules) == 0:
		return
	case c.RestartPolicy == nil:
		add(path+".restartPolicy", "Required value: must specify restartPolicy when restart rules are used")
	case *c.RestartPolicy != RestartPolicyAlways && *c.RestartPolicy != RestartPolicyOnFailure && *c.RestartPolicy != RestartPolicyNever:
		add(path+".restartPolicy", "Unsupported value: %q: supported values: \"Always\", \"Never\", \"OnFailure\"", *c.RestartPolicy)
	}
	tooMany := func(p string, n, max int) {
		if opt.RestartRulesTooMany {
			add(p, "Too many: %d: must have at most %d items", n, max)
		} else {
			add(p, "Too long: may not be more than %d bytes", max)
		}
	}
	if n := len(c.RestartPolicyRules); n > 20 {
		tooMany(path+".restartPolicyRules", n, 20)
	}
	actions := `"Restart"`
	if opt.RestartAll && opt.RestartRulesTooMany {
		actions = `"Restart", "RestartAllContainers"`
	}
	for i, r := range c.RestartPolicyRules {
		rp := fmt.Sprintf("%s.restartPolicyRules[%d]", path, i)
		if r.Action != RestartRuleActionRestart && (r.Action != RestartRuleActionRestartAll || !opt.RestartAll) {
			add(rp+".action", "Unsupported value: %q: supported values: %s", r.Action, actions)
		}
		if r.ExitCodes == nil {
			add(rp+".exitCodes", "Required value: must be specified")
			continue
		}
		if op := r.ExitCodes.Operator; op != RestartRuleOpIn && op != RestartRuleOpNotIn {
			add(rp+".exitCodes.operator", "Unsupported value: %q: supported values: \"In\", \"NotIn\"", op)
		}
		if n := len(r.ExitCodes.Values); n > 255 {
			tooMany(rp+".exitCodes.values", n, 255)
		}
	}
}

// validateSleep bounds a sleep hook by the pod's grace period. A sleep of
// 0s is invalid until PodLifecycleSleepActionAllowZero (alpha 1.32, whose
// message then names the gate, beta 1.33).
func validateSleep(seconds, grace int64, path string, opt ValidateOptions, add func(string, string, ...any)) {
	switch {
	case opt.SleepAllowZero:
		if seconds < 0 || seconds > grace {
			add(path, "Invalid value: %d: must be non-negative and less than terminationGracePeriodSeconds (%d)", seconds, grace)
		}
	case seconds <= 0 || seconds > grace:
		hint := ""
		if opt.SleepZeroGate {
			hint = ". Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep."
		}
		add(path, "Invalid value: %d: must be greater than 0 and less than terminationGracePeriodSeconds (%d)%s", seconds, grace, hint)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// ValidateUpdate checks that an update changes only what the API server
// lets a pod update change (ValidatePodUpdate): container images,
// activeDeadlineSeconds, added tolerations, and labels and annotations.
func ValidateUpdate(newPod, oldPod *Pod) []FieldError {
	a, b := newPod.Spec, oldPod.Spec
	norm := func(s *PodSpec) {
		for i := range s.Containers {
			s.Containers[i].Image = ""
		}
		for i := range s.InitContainers {
			s.InitContainers[i].Image = ""
		}
		s.ActiveDeadlineSeconds = nil
		s.Tolerations = nil
	}
	a.Containers = append([]Container(nil), a.Containers...)
	a.InitContainers = append([]Container(nil), a.InitContainers...)
	b.Containers = append([]Container(nil), b.Containers...)
	b.InitContainers = append([]Container(nil), b.InitContainers...)
	norm(&a)
	norm(&b)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	var errs []FieldError
	if string(ja) != string(jb) {
		errs = append(errs, FieldError{"spec", "Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)"})
	}
	if o, n := oldPod.Spec.ActiveDeadlineSeconds, newPod.Spec.ActiveDeadlineSeconds; o != nil && (n == nil || *n > *o) {
		errs = append(errs, FieldError{"spec.activeDeadlineSeconds", "Invalid value: must be less than or equal to previous value"})
	}
	if len(newPod.Spec.Tolerations) < len(oldPod.Spec.Tolerations) || !reflect.DeepEqual(newPod.Spec.Tolerations[:len(oldPod.Spec.Tolerations)], oldPod.Spec.Tolerations) {
		errs = append(errs, FieldError{"spec.tolerations", "Forbidden: existing toleration can not be modified except its tolerationSeconds"})
	}
	return errs
}
