module github.com/kubexplorer/kubexplorer/tools/conformance/v018

go 1.26.0

// The library version under test: the shared adapter compiles against it.
require (
	github.com/kubexplorer/kubexplorer/tools/conformance/upstream v0.0.0
	k8s.io/component-base v0.18.19 // indirect
)

require (
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario v0.0.0
	k8s.io/klog v1.0.0
)

require (
	github.com/go-logr/logr v0.1.0 // indirect
	github.com/kubexplorer/kubexplorer v0.0.0 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
	k8s.io/apimachinery v0.18.19 // indirect
	k8s.io/klog/v2 v2.0.0 // indirect
)

replace (
	github.com/kubexplorer/kubexplorer => ../../..
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario => ../scenario
	github.com/kubexplorer/kubexplorer/tools/conformance/upstream => ../upstream
)
