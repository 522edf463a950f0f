module github.com/kubexplorer/kubexplorer/tools/conformance/scenario

go 1.26

require (
	github.com/kubexplorer/kubexplorer v0.0.0
	github.com/spf13/pflag v1.0.10
)

replace github.com/kubexplorer/kubexplorer => ../../..
