package v1

import "testing"

func TestFormatPodAndFieldPath(t *testing.T) {
	p := &Pod{Metadata: ObjectMeta{Name: "web", Namespace: "default", UID: "u1"},
		Spec: PodSpec{InitContainers: []Container{{Name: "init"}}, Containers: []Container{{Name: "app"}}}}
	if got := FormatPod(p); got != "web_default(u1)" {
		t.Errorf("FormatPod %q", got)
	}
	if got := ContainerFieldPath(p, "init"); got != "spec.initContainers{init}" {
		t.Errorf("init container: %q", got)
	}
	if got := ContainerFieldPath(p, "app"); got != "spec.containers{app}" {
		t.Errorf("container: %q", got)
	}
}
