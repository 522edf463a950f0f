module github.com/kubexplorer/kubexplorer/tools/conformance/v018

go 1.26.0

replace (
	github.com/kubexplorer/kubexplorer => ../../..
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario => ../scenario
)

require (
	github.com/kubexplorer/kubexplorer v0.0.0
	github.com/kubexplorer/kubexplorer/tools/conformance/scenario v0.0.0-00010101000000-000000000000
	github.com/spf13/pflag v1.0.10
	k8s.io/component-base v0.18.19
	k8s.io/klog v1.0.0
)

require k8s.io/apimachinery v0.18.19 // indirect
