package app

import (
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	logsapi "k8s.io/component-base/logs/api/v1"
	metricsfeatures "k8s.io/component-base/metrics/features"
)

func init() {
	utilruntime.Must(logsapi.AddFeatureGates(utilfeature.DefaultMutableFeatureGate))
	metricsfeatures.AddFeatureGates(utilfeature.DefaultMutableFeatureGate)
}

func run() {
	utilfeature.DefaultMutableFeatureGate.AddMetrics()
	_ = logsapi.AddFeatureGates(utilfeature.DefaultMutableFeatureGate)
}
