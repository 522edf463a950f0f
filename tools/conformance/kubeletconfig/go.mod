module github.com/kubexplorer/kubexplorer/tools/conformance/kubeletconfig

go 1.26.0
