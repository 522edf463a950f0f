module github.com/kubexplorer/kubexplorer/tools/components

go 1.26.0

require (
	github.com/kubexplorer/kubexplorer v0.0.0
	golang.org/x/mod v0.42.0
)

replace github.com/kubexplorer/kubexplorer => ../..
