package v1

import (
	"strings"
	"testing"
)

func TestDecodePodErrorsCarryLines(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"unknown field", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n  - name: app\n    imagee: nginx\n", `line 7, column 5: spec.containers[0].imagee: unknown field "imagee"`},
		{"missing image", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n  - name: app\n", "line 6, column 5: spec.containers[0].image: Required value"},
		{"bad policy", "metadata: {name: web}\nspec:\n  restartPolicy: Sometimes\n  containers: [{name: a, image: x}]\n", `line 3, column 3: spec.restartPolicy: Unsupported value: "Sometimes"`},
		{"bad type", "metadata: {name: web}\nspec:\n  terminationGracePeriodSeconds: soon\n  containers: [{name: a, image: x}]\n", `line 3, column 34: spec.terminationGracePeriodSeconds: expected an integer, got "soon"`},
		{"syntax", "metadata: {name: web\nspec: x\n", "line 2, column 1: did not find expected"},
		{"quantity", "metadata: {name: web}\nspec:\n  containers:\n  - name: a\n    image: x\n    resources: {requests: {cpu: 2x}}\n", `line 6, column 28: spec.containers[0].resources.requests.cpu: Invalid value: "2x"`},
		{"init probe", "metadata: {name: web}\nspec:\n  initContainers:\n  - name: i\n    image: x\n    livenessProbe: {exec: {command: [a]}}\n  containers: [{name: a, image: x}]\n", "line 6, column 5: spec.initContainers[0].livenessProbe: Forbidden"},
		// Pods are read as kubectl reads them, YAML 1.1: y is a boolean.
		{"yaml 1.1", "metadata: {name: web}\nspec:\n  containers: [{name: a, image: y}]\n", `line 3, column 33: spec.containers[0].image: expected a string, got bool "y" (quote it)`},
		{"int32 overflow", "metadata: {name: web}\nspec:\n  containers: [{name: a, image: x, ports: [{containerPort: 4294967296}]}]\n", `spec.containers[0].ports[0].containerPort: integer 4294967296 out of range`},
		{"int64 overflow", "metadata: {name: web}\nspec:\n  terminationGracePeriodSeconds: 9223372036854775808\n  containers: [{name: a, image: x}]\n", `line 3, column 34: spec.terminationGracePeriodSeconds: integer 9223372036854775808 out of range`},
		{"dup", "metadata: {name: web}\nspec:\n  containers: [{name: a, image: x}, {name: a, image: z}]\n", `spec.containers[1].name: Duplicate value: "a"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodePod([]byte(tc.in), DecodeOptions{ValidateOptions{Sidecars: true}})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// TestInitContainerRestartPolicyByRelease: before 1.28 the field is
// unknown; 1.28 with SidecarContainers off drops it (an ordinary init
// container); with the gate on it makes a sidecar.
func TestInitContainerRestartPolicyByRelease(t *testing.T) {
	const sidecar = "metadata: {name: web}\nspec:\n  initContainers: [{name: i, image: x, restartPolicy: Always}]\n  containers: [{name: a, image: x}]\n"
	const probe = "metadata: {name: web}\nspec:\n  initContainers: [{name: i, image: x, startupProbe: {exec: {command: [a]}}}]\n  containers: [{name: a, image: x}]\n"
	for _, tc := range []struct {
		name, in string
		opt      ValidateOptions
		want     string // an error, or "sidecar" / "init" for the container decoded
	}{
		{"1.27 unknown field", sidecar, ValidateOptions{}, `spec.initContainers[0].restartPolicy: unknown field "restartPolicy"`},
		{"1.28 gate off drops it", sidecar, ValidateOptions{InitRestartPolicyField: true}, "init"},
		{"gate on", sidecar, ValidateOptions{Sidecars: true, InitRestartPolicyField: true}, "sidecar"},
		{"1.27 probe", probe, ValidateOptions{}, "spec.initContainers[0].startupProbe: Forbidden: may not be set for init containers\n"},
		{"1.28 probe", probe, ValidateOptions{InitRestartPolicyField: true}, "spec.initContainers[0].startupProbe: Forbidden: may not be set for init containers without restartPolicy=Always"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := DecodePod([]byte(tc.in), DecodeOptions{tc.opt})
			switch tc.want {
			case "init", "sidecar":
				if err != nil {
					t.Fatal(err)
				}
				if got := map[bool]string{true: "sidecar", false: "init"}[IsRestartableInitContainer(&p.Spec.InitContainers[0])]; got != tc.want {
					t.Fatalf("decoded a %s container, want %s", got, tc.want)
				}
			default:
				if err == nil || !strings.Contains(err.Error()+"\n", tc.want) {
					t.Fatalf("err = %v, want it to contain %q", err, tc.want)
				}
			}
		})
	}
}

func TestDecodePodDefaults(t *testing.T) {
	p, err := DecodePod([]byte(`
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - {name: a, image: "nginx:1.25", readinessProbe: {httpGet: {port: 80}}}
  - {name: b, image: nginx}
  - {name: c, image: "nginx@sha256:abc"}
  volumes: [{name: v, emptyDir: {}}]
`), DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Metadata.Namespace != "default" || p.Spec.RestartPolicy != "Always" || *p.Spec.TerminationGracePeriodSeconds != 30 {
		t.Fatalf("defaults not applied: %+v", p)
	}
	got := []string{p.Spec.Containers[0].ImagePullPolicy, p.Spec.Containers[1].ImagePullPolicy, p.Spec.Containers[2].ImagePullPolicy}
	if strings.Join(got, ",") != "IfNotPresent,Always,IfNotPresent" {
		t.Fatalf("pull policies %v", got)
	}
	if pr := p.Spec.Containers[0].ReadinessProbe; pr.PeriodSeconds != 10 || pr.FailureThreshold != 3 || pr.TimeoutSeconds != 1 {
		t.Fatalf("probe defaults %+v", pr)
	}
}

func TestQOS(t *testing.T) {
	mk := func(req, lim ResourceList) *Pod {
		return &Pod{Spec: PodSpec{Containers: []Container{{Name: "a", Resources: &ResourceRequirements{Requests: req, Limits: lim}}}}}
	}
	if q := QOSClass(mk(nil, nil)); q != "BestEffort" {
		t.Error(q)
	}
	if q := QOSClass(mk(ResourceList{"cpu": "1"}, nil)); q != "Burstable" {
		t.Error(q)
	}
	if q := QOSClass(mk(nil, ResourceList{"cpu": "1", "memory": "1Gi"})); q != "Guaranteed" {
		t.Error(q)
	}
}

func FuzzDecodePod(f *testing.F) {
	f.Add([]byte("metadata: {name: web}\nspec: {containers: [{name: a, image: x}]}"))
	f.Add([]byte("metadata: {name: web}\nspec:\n  initContainers: [{name: i, image: x, restartPolicy: Always}]\n  containers: [{name: a, image: x, resources: {requests: {cpu: 1e3m}}}]"))
	f.Add([]byte("{}"))
	f.Add([]byte("- a\n- &x b\n- *x"))
	f.Add([]byte("metadata: {name: web}\nspec:\n  containers: [{name: a, image: x, restartPolicy: Never, restartPolicyRules: [{action: Restart, exitCodes: {operator: NotIn, values: [0, 42]}}]}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// With restart rules (and RestartAllContainers) allowed, and not.
		for _, opt := range []ValidateOptions{{Sidecars: true}, {Sidecars: true, InitRestartPolicyField: true,
			RestartRulesField: true, RestartRules: true, RestartRulesInitPolicy: true, RestartRulesTooMany: true, RestartAll: true}} {
			p, err := DecodePod(data, DecodeOptions{opt})
			if err != nil {
				continue
			}
			Requests(p)
			QOSClass(p)
			p.DeepCopy()
			for _, cs := range [][]Container{p.Spec.InitContainers, p.Spec.Containers} {
				for i := range cs {
					for _, code := range []int32{0, 1, 42} {
						ContainerShouldRestart(&cs[i], &p.Spec, code, opt.RestartAll)
					}
					IsContainerRestartable(&cs[i], &p.Spec)
				}
			}
		}
	})
}

// Quantities may be YAML numbers, as apimachinery's Quantity takes JSON
// numbers: the number's JSON text is validated like a string would be.
func TestDecodePodNumericQuantities(t *testing.T) {
	p, err := DecodePod([]byte("metadata: {name: web}\nspec:\n  overhead: {cpu: 0.25}\n  containers:\n  - name: a\n    image: x\n    resources:\n      requests: {cpu: 1, memory: 128974848}\n      limits: {cpu: 1, memory: 128974848}\n"), DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := p.Spec.Containers[0].Resources
	if r.Requests["cpu"] != "1" || r.Limits["memory"] != "128974848" || p.Spec.Overhead["cpu"] != "0.25" {
		t.Fatalf("quantities %+v, overhead %+v", r, p.Spec.Overhead)
	}
	if q := QOSClass(p); q != "Guaranteed" {
		t.Fatalf("qos = %s", q)
	}
	_, err = DecodePod([]byte("metadata: {name: web}\nspec:\n  containers:\n  - name: a\n    image: x\n    resources: {requests: {cpu: -1}}\n"), DecodeOptions{})
	if err == nil || !strings.Contains(err.Error(), `spec.containers[0].resources.requests.cpu: Invalid value: "-1": must be greater than or equal to 0`) {
		t.Fatalf("err = %v", err)
	}
}
