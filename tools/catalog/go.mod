module github.com/kubexplorer/kubexplorer/tools/catalog

go 1.26.0

require (
	github.com/kubexplorer/kubexplorer v0.0.0
	go.yaml.in/yaml/v3 v3.0.5
	golang.org/x/mod v0.42.0
)

replace github.com/kubexplorer/kubexplorer => ../..
