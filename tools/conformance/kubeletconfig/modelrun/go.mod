module github.com/kubexplorer/kubexplorer/tools/conformance/kubeletconfig/modelrun

go 1.26.0

require github.com/kubexplorer/kubexplorer v0.0.0

require (
	github.com/spf13/pflag v1.0.10 // indirect
	go.yaml.in/yaml/v2 v2.4.2 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	sigs.k8s.io/yaml v1.6.0 // indirect
)

replace github.com/kubexplorer/kubexplorer => ../../../..
