module github.com/kubexplorer/kubexplorer/tools/conformance/v030

go 1.26.0

// The library version under test: the shared adapter compiles against it.
require (
	github.com/kubexplorer/kubexplorer/tools/conformance/upstream v0.0.0
	k8s.io/component-base v0.30.14 // indirect
)

require (
	github.com/beorn7/perks v1.0.1 // indirect
	github.com/blang/semver/v4 v4.0.0 // indirect
	github.com/cespare/xxhash/v2 v2.2.0 // indirect
	github.com/go-logr/logr v1.4.1 // indirect
	github.com/golang/protobuf v1.5.4 // indirect
	github.com/kr/text v0.2.0 // indirect
	github.com/kubexplorer/kubexplorer v0.0.0 // indirect
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario v0.0.0 // indirect
	github.com/matttproud/golang_protobuf_extensions v1.0.4 // indirect
	github.com/prometheus/client_golang v1.16.0 // indirect
	github.com/prometheus/client_model v0.4.0 // indirect
	github.com/prometheus/common v0.44.0 // indirect
	github.com/prometheus/procfs v0.10.1 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
	golang.org/x/sys v0.18.0 // indirect
	google.golang.org/protobuf v1.33.0 // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
	k8s.io/apimachinery v0.30.14 // indirect
	k8s.io/klog/v2 v2.120.1 // indirect
)

replace (
	github.com/kubexplorer/kubexplorer => ../../..
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario => ../scenario
	github.com/kubexplorer/kubexplorer/tools/conformance/upstream => ../upstream
)
