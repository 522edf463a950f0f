package main

import "k8s.io/kubernetes/pkg/kubelet"

func main() { kubelet.Run(nil) }
