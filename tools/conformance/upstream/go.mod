module github.com/kubexplorer/kubexplorer/tools/conformance/upstream

go 1.26.0

// The oldest generation this adapter is compiled against; every importing
// module pins its own, newer or equal, version.
require (
	github.com/kubexplorer/kubexplorer v0.0.0
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario v0.0.0
	github.com/spf13/pflag v1.0.10
	k8s.io/apimachinery v0.18.19
	k8s.io/component-base v0.18.19
	k8s.io/klog/v2 v2.0.0
)

require (
	github.com/go-logr/logr v0.1.0 // indirect
	k8s.io/klog v1.0.0 // indirect
)

replace (
	github.com/kubexplorer/kubexplorer => ../../..
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario => ../scenario
)
