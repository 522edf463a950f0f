package features

import (
	"k8s.io/apimachinery/pkg/util/runtime"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
)

const (
	Typed     featuregate.Feature = "Typed"
	Untyped                       = "UntypedInTypedBlock"
	Converted                     = featuregate.Feature("Converted")
)

const NotAGate = "NotAGate"

var defaultGates = map[featuregate.Feature]featuregate.FeatureSpec{}

func init() {
	runtime.Must(utilfeature.DefaultMutableFeatureGate.Add(defaultGates))
}
