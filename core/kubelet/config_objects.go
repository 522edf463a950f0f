package kubelet

import (
	"encoding/json"
	"fmt"

	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// The API objects a container's environment can name. The kubelet reads
// them through its watch-based managers, whose not-found errors name the
// resource in the singular ("configmap \"x\" not found"); only the keys
// matter to the model.
const (
	kindConfigMap = "configmap"
	kindSecret    = "secret"
)

func configKey(kind, namespace, name string) string { return kind + "/" + namespace + "/" + name }

// SetConfigMap creates or replaces a ConfigMap with the given keys.
func (k *Kubelet) SetConfigMap(namespace, name string, keys []string) {
	k.setConfigObject(kindConfigMap, namespace, name, keys)
}

// SetSecret creates or replaces a Secret with the given keys.
func (k *Kubelet) SetSecret(namespace, name string, keys []string) {
	k.setConfigObject(kindSecret, namespace, name, keys)
}

// DeleteConfigMap deletes a ConfigMap.
func (k *Kubelet) DeleteConfigMap(namespace, name string) error {
	return k.deleteConfigObject(kindConfigMap, namespace, name)
}

// DeleteSecret deletes a Secret.
func (k *Kubelet) DeleteSecret(namespace, name string) error {
	return k.deleteConfigObject(kindSecret, namespace, name)
}

func (k *Kubelet) setConfigObject(kind, namespace, name string, keys []string) {
	set := make(map[string]bool, len(keys))
	for _, key := range keys {
		set[key] = true
	}
	if k.api.config == nil {
		k.api.config = map[string]map[string]bool{}
	}
	k.api.config[configKey(kind, namespace, name)] = set
	k.trace("api", "apply "+kind+" "+namespace+"/"+name)
}

func (k *Kubelet) deleteConfigObject(kind, namespace, name string) error {
	key := configKey(kind, namespace, name)
	if _, ok := k.api.config[key]; !ok {
		// The API server's error names the resource in the plural.
		return fmt.Errorf("%ss %q not found", kind, name)
	}
	delete(k.api.config, key)
	k.trace("api", "delete "+kind+" "+namespace+"/"+name)
	return nil
}

// envSource is the part of a container's env and envFrom entries that
// refers to ConfigMaps and Secrets (core/v1 EnvVar, EnvFromSource).
type envSource struct {
	ValueFrom *struct {
		ConfigMapKeyRef *keyRef `json:"configMapKeyRef"`
		SecretKeyRef    *keyRef `json:"secretKeyRef"`
	} `json:"valueFrom"`
	ConfigMapRef *keyRef `json:"configMapRef"`
	SecretRef    *keyRef `json:"secretRef"`
}

type keyRef struct {
	Name     string `json:"name"`
	Key      string `json:"key"`
	Optional *bool  `json:"optional"`
}

// containerConfigError is generateContainerConfig's environment lookup
// (makeEnvironmentVariables): every envFrom source, then every env value
// taken from a ConfigMap or Secret key, must exist unless marked optional.
// Its error becomes the CreateContainerConfigError of the container.
func (k *Kubelet) containerConfigError(pod *v1.Pod, c *v1.Container) error {
	if len(c.Env) == 0 && len(c.EnvFrom) == 0 {
		return nil
	}
	var env, envFrom []envSource
	// The fields were accepted as written; entries the lookup cannot read
	// name nothing.
	_ = json.Unmarshal(c.EnvFrom, &envFrom)
	_ = json.Unmarshal(c.Env, &env)
	ns := pod.Metadata.Namespace
	for _, s := range envFrom {
		for _, r := range []struct {
			kind string
			ref  *keyRef
		}{{kindConfigMap, s.ConfigMapRef}, {kindSecret, s.SecretRef}} {
			if r.ref == nil {
				continue
			}
			if _, ok := k.api.config[configKey(r.kind, ns, r.ref.Name)]; !ok && !optional(r.ref) {
				return fmt.Errorf("%s %q not found", r.kind, r.ref.Name)
			}
		}
	}
	for _, s := range env {
		if s.ValueFrom == nil {
			continue
		}
		for _, r := range []struct {
			kind, display string
			ref           *keyRef
		}{{kindConfigMap, "ConfigMap", s.ValueFrom.ConfigMapKeyRef}, {kindSecret, "Secret", s.ValueFrom.SecretKeyRef}} {
			if r.ref == nil {
				continue
			}
			keys, ok := k.api.config[configKey(r.kind, ns, r.ref.Name)]
			switch {
			case optional(r.ref) && (!ok || !keys[r.ref.Key]):
			case !ok:
				return fmt.Errorf("%s %q not found", r.kind, r.ref.Name)
			case !keys[r.ref.Key]:
				return fmt.Errorf("couldn't find key %s in %s %s/%s", r.ref.Key, r.display, ns, r.ref.Name)
			}
		}
	}
	return nil
}

func optional(r *keyRef) bool { return r.Optional != nil && *r.Optional }
