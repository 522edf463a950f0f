module github.com/kubexplorer/kubexplorer/tools/conformance/v033

go 1.26.0

// The library version under test: the shared adapter compiles against it.
require (
	github.com/kubexplorer/kubexplorer/tools/conformance/upstream v0.0.0
	k8s.io/component-base v0.33.10
)

require k8s.io/apimachinery v0.33.10

require (
	github.com/beorn7/perks v1.0.1 // indirect
	github.com/blang/semver/v4 v4.0.0 // indirect
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/go-logr/logr v1.4.2 // indirect
	github.com/kubexplorer/kubexplorer v0.0.0 // indirect
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario v0.0.0 // indirect
	github.com/munnerz/goautoneg v0.0.0-20191010083416-a7dc8b61c822 // indirect
	github.com/prometheus/client_golang v1.22.0 // indirect
	github.com/prometheus/client_model v0.6.1 // indirect
	github.com/prometheus/common v0.62.0 // indirect
	github.com/prometheus/procfs v0.15.1 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
	go.opentelemetry.io/otel v1.33.0 // indirect
	go.opentelemetry.io/otel/trace v1.33.0 // indirect
	go.yaml.in/yaml/v2 v2.4.2 // indirect
	golang.org/x/sys v0.31.0 // indirect
	google.golang.org/protobuf v1.36.5 // indirect
	k8s.io/klog/v2 v2.130.1 // indirect
	sigs.k8s.io/yaml v1.6.0 // indirect
)

replace (
	github.com/kubexplorer/kubexplorer => ../../..
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario => ../scenario
	github.com/kubexplorer/kubexplorer/tools/conformance/upstream => ../upstream
)
