module github.com/kubexplorer/kubexplorer/tools/conformance/v031

go 1.26.0

// The library version under test: the shared adapter compiles against it.
require (
	github.com/kubexplorer/kubexplorer/tools/conformance/upstream v0.0.0
	k8s.io/component-base v0.31.14
)

require k8s.io/apimachinery v0.31.14

require (
	github.com/beorn7/perks v1.0.1 // indirect
	github.com/blang/semver/v4 v4.0.0 // indirect
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/go-logr/logr v1.4.2 // indirect
	github.com/kr/text v0.2.0 // indirect
	github.com/kubexplorer/kubexplorer v0.0.0 // indirect
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario v0.0.0 // indirect
	github.com/munnerz/goautoneg v0.0.0-20191010083416-a7dc8b61c822 // indirect
	github.com/prometheus/client_golang v1.19.1 // indirect
	github.com/prometheus/client_model v0.6.1 // indirect
	github.com/prometheus/common v0.55.0 // indirect
	github.com/prometheus/procfs v0.15.1 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
	golang.org/x/sys v0.21.0 // indirect
	google.golang.org/protobuf v1.34.2 // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
	k8s.io/klog/v2 v2.130.1 // indirect
)

replace (
	github.com/kubexplorer/kubexplorer => ../../..
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario => ../scenario
	github.com/kubexplorer/kubexplorer/tools/conformance/upstream => ../upstream
)
