package main

import (
	_ "github.com/some/thirdparty"
	"k8s.io/kubernetes/pkg/proxy"
)

func main() { proxy.Run(nil) }
