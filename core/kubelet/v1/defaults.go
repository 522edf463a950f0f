package v1

import "strings"

// SetDefaults applies the API server's defaulting (pkg/apis/core/v1
// defaults.go) to the fields the kubelet reads.
func SetDefaults(p *Pod) {
	if p.APIVersion == "" {
		p.APIVersion = "v1"
	}
	if p.Kind == "" {
		p.Kind = "Pod"
	}
	if p.Metadata.Namespace == "" {
		p.Metadata.Namespace = "default"
	}
	if p.Spec.RestartPolicy == "" {
		p.Spec.RestartPolicy = RestartPolicyAlways
	}
	if p.Spec.TerminationGracePeriodSeconds == nil {
		g := int64(30)
		p.Spec.TerminationGracePeriodSeconds = &g
	}
	if p.Spec.DNSPolicy == "" {
		p.Spec.DNSPolicy = "ClusterFirst"
	}
	if p.Spec.SchedulerName == "" {
		p.Spec.SchedulerName = "default-scheduler"
	}
	for i := range p.Spec.InitContainers {
		defaultContainer(&p.Spec.InitContainers[i])
	}
	for i := range p.Spec.Containers {
		defaultContainer(&p.Spec.Containers[i])
	}
}

func defaultContainer(c *Container) {
	if c.ImagePullPolicy == "" {
		c.ImagePullPolicy = DefaultPullPolicy(c.Image)
	}
	if c.TerminationMessagePath == "" {
		c.TerminationMessagePath = "/dev/termination-log"
	}
	if c.TerminationMessagePolicy == "" {
		c.TerminationMessagePolicy = "File"
	}
	for i := range c.Ports {
		if c.Ports[i].Protocol == "" {
			c.Ports[i].Protocol = "TCP"
		}
	}
	for _, pr := range []*Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe} {
		if pr == nil {
			continue
		}
		if pr.TimeoutSeconds == 0 {
			pr.TimeoutSeconds = 1
		}
		if pr.PeriodSeconds == 0 {
			pr.PeriodSeconds = 10
		}
		if pr.SuccessThreshold == 0 {
			pr.SuccessThreshold = 1
		}
		if pr.FailureThreshold == 0 {
			pr.FailureThreshold = 3
		}
		if pr.HTTPGet != nil && pr.HTTPGet.Path == "" {
			pr.HTTPGet.Path = "/"
		}
		if pr.HTTPGet != nil && pr.HTTPGet.Scheme == "" {
			pr.HTTPGet.Scheme = "HTTP"
		}
	}
}

// SplitImage splits an image reference into name, tag and digest.
func SplitImage(image string) (name, tag, digest string) {
	name = image
	if i := strings.Index(name, "@"); i >= 0 {
		name, digest = name[:i], name[i+1:]
	}
	if i := strings.LastIndex(name, ":"); i > strings.LastIndex(name, "/") {
		name, tag = name[:i], name[i+1:]
	}
	return name, tag, digest
}

// DefaultPullPolicy is SetDefaults_Container's rule: Always for the latest
// tag (explicit, or no tag and no digest), IfNotPresent otherwise.
func DefaultPullPolicy(image string) string {
	_, tag, digest := SplitImage(image)
	if tag == "latest" || (tag == "" && digest == "") {
		return PullAlways
	}
	return PullIfNotPresent
}
