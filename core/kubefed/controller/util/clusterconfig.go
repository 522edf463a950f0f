package util

import (
	"errors"

	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// TokenKey is the key of the bearer token in a KubeFedCluster's secret.
const TokenKey = "token"

// BuildClusterConfig checks what upstream's BuildClusterConfig
// (pkg/controller/util/cluster_util.go, the same in every modelled release)
// reads to build a client for the member cluster of KubeFedCluster obj, and
// returns its error when it cannot: an empty spec.apiEndpoint or
// spec.secretRef.name, the secret (in the KubeFed namespace of the host) not
// found, or no non-empty data.token in it. The model has no URLs, CA bundles
// or proxies to get wrong, so those errors cannot happen here.
//
// Every client kubefed builds for a member goes through it: the cluster
// controller's (health checks), and the sync controllers' for their
// informers and writes. Each caches the client it built, so a secret
// deleted later only matters to the next client built.
func BuildClusterConfig(host *store.Store, fedNamespace string, obj map[string]any) error {
	name := u.GetName(obj)
	if u.NestedString(obj, "spec", "apiEndpoint") == "" {
		return errors.New("The api endpoint of cluster " + name + " is empty")
	}
	secretName := u.NestedString(obj, "spec", "secretRef", "name")
	if secretName == "" {
		return errors.New("Cluster " + name + " does not have a secret name")
	}
	secret, err := host.Get("", "Secret", fedNamespace, secretName)
	if err != nil {
		return err
	}
	if u.NestedString(secret, "data", TokenKey) == "" {
		return errors.New("The secret for cluster " + name + " is missing a non-empty value for \"" + TokenKey + "\"")
	}
	return nil
}
