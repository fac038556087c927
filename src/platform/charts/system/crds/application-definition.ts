// The real ApplicationDefinition CRD (cozystack/cozystack@v1.6.2
// packages/system/application-definition-crd/definition/cozystack.io_applicationdefinitions.yaml),
// generated from api/v1alpha1/applicationdefinitions_types.go by controller-gen. Do not edit.

import type { KubeObject } from '../../../../machinery/object.ts';

export const applicationDefinitionCrd: KubeObject = {
  "apiVersion": "apiextensions.k8s.io/v1",
  "kind": "CustomResourceDefinition",
  "metadata": {
    "annotations": {
      "controller-gen.kubebuilder.io/version": "v0.16.4"
    },
    "name": "applicationdefinitions.cozystack.io"
  },
  "spec": {
    "group": "cozystack.io",
    "names": {
      "kind": "ApplicationDefinition",
      "listKind": "ApplicationDefinitionList",
      "plural": "applicationdefinitions",
      "singular": "applicationdefinition"
    },
    "scope": "Cluster",
    "versions": [
      {
        "name": "v1alpha1",
        "schema": {
          "openAPIV3Schema": {
            "description": "ApplicationDefinition is the Schema for the applicationdefinitions API",
            "properties": {
              "apiVersion": {
                "description": "APIVersion defines the versioned schema of this representation of an object.\nServers should convert recognized schemas to the latest internal value, and\nmay reject unrecognized values.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources",
                "type": "string"
              },
              "kind": {
                "description": "Kind is a string value representing the REST resource this object represents.\nServers may infer this from the endpoint the client submits requests to.\nCannot be updated.\nIn CamelCase.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
                "type": "string"
              },
              "metadata": {
                "type": "object"
              },
              "spec": {
                "properties": {
                  "application": {
                    "description": "Application configuration",
                    "properties": {
                      "kind": {
                        "description": "Kind of the application, used for UI and API",
                        "type": "string"
                      },
                      "openAPISchema": {
                        "description": "OpenAPI schema for the application, used for API validation",
                        "type": "string"
                      },
                      "plural": {
                        "description": "Plural name of the application, used for UI and API",
                        "type": "string"
                      },
                      "singular": {
                        "description": "Singular name of the application, used for UI and API",
                        "type": "string"
                      }
                    },
                    "required": [
                      "kind",
                      "openAPISchema",
                      "plural",
                      "singular"
                    ],
                    "type": "object"
                  },
                  "dashboard": {
                    "description": "Dashboard configuration for this resource",
                    "properties": {
                      "category": {
                        "description": "Category used to group resources in the UI (e.g., \"Storage\", \"Networking\")",
                        "type": "string"
                      },
                      "description": {
                        "description": "Short description shown in catalogs or headers (e.g., \"S3 compatible storage\")",
                        "type": "string"
                      },
                      "icon": {
                        "description": "Icon encoded as a string (e.g., inline SVG, base64, or data URI)",
                        "type": "string"
                      },
                      "keysOrder": {
                        "description": "Order of keys in the YAML view",
                        "items": {
                          "items": {
                            "type": "string"
                          },
                          "type": "array"
                        },
                        "type": "array"
                      },
                      "module": {
                        "description": "Whether this resource is a module (tenant module)",
                        "type": "boolean"
                      },
                      "name": {
                        "description": "Hard-coded name used in the UI (e.g., \"bucket\")",
                        "type": "string"
                      },
                      "plural": {
                        "description": "Plural human-readable name (e.g., \"Buckets\")",
                        "type": "string"
                      },
                      "singular": {
                        "description": "Human-readable name shown in the UI (e.g., \"Bucket\")",
                        "type": "string"
                      },
                      "singularResource": {
                        "description": "Whether this resource is singular (not a collection) in the UI",
                        "type": "boolean"
                      },
                      "tabs": {
                        "description": "Which tabs to show for this resource",
                        "items": {
                          "description": "DashboardTab enumerates allowed UI tabs.",
                          "enum": [
                            "workloads",
                            "ingresses",
                            "services",
                            "secrets",
                            "yaml"
                          ],
                          "type": "string"
                        },
                        "type": "array"
                      },
                      "tags": {
                        "description": "Free-form tags for search and filtering",
                        "items": {
                          "type": "string"
                        },
                        "type": "array"
                      },
                      "weight": {
                        "description": "Order weight for sorting resources in the UI (lower first)",
                        "type": "integer"
                      }
                    },
                    "required": [
                      "category",
                      "plural",
                      "singular"
                    ],
                    "type": "object"
                  },
                  "ingresses": {
                    "description": "Ingress selectors",
                    "properties": {
                      "exclude": {
                        "description": "Exclude contains an array of resource selectors that target resources.\nIf a resource matches the selector in any of the elements in the array, it is\nhidden from the user, regardless of the matches in the include array.",
                        "items": {
                          "description": "ApplicationDefinitionResourceSelector extends metav1.LabelSelector with resourceNames support.\nA resource matches this selector only if it satisfies ALL criteria:\n- Label selector conditions (matchExpressions and matchLabels)\n- AND has a name that matches one of the names in resourceNames (if specified)\n\nThe resourceNames field supports Go templates with the following variables available:\n- {{ .name }}: The name of the managing application (from apps.cozystack.io/application.name)\n- {{ .kind }}: The lowercased kind of the managing application (from apps.cozystack.io/application.kind)\n- {{ .namespace }}: The namespace of the resource being processed\n\nExample YAML:\n\n\tsecrets:\n\t  include:\n\t  - matchExpressions:\n\t    - key: badlabel\n\t      operator: DoesNotExist\n\t    matchLabels:\n\t      goodlabel: goodvalue\n\t    resourceNames:\n\t    - \"{{ .name }}-secret\"\n\t    - \"{{ .kind }}-{{ .name }}-tls\"\n\t    - \"specificname\"",
                          "properties": {
                            "matchExpressions": {
                              "description": "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
                              "items": {
                                "description": "A label selector requirement is a selector that contains values, a key, and an operator that\nrelates the key and values.",
                                "properties": {
                                  "key": {
                                    "description": "key is the label key that the selector applies to.",
                                    "type": "string"
                                  },
                                  "operator": {
                                    "description": "operator represents a key's relationship to a set of values.\nValid operators are In, NotIn, Exists and DoesNotExist.",
                                    "type": "string"
                                  },
                                  "values": {
                                    "description": "values is an array of string values. If the operator is In or NotIn,\nthe values array must be non-empty. If the operator is Exists or DoesNotExist,\nthe values array must be empty. This array is replaced during a strategic\nmerge patch.",
                                    "items": {
                                      "type": "string"
                                    },
                                    "type": "array",
                                    "x-kubernetes-list-type": "atomic"
                                  }
                                },
                                "required": [
                                  "key",
                                  "operator"
                                ],
                                "type": "object"
                              },
                              "type": "array",
                              "x-kubernetes-list-type": "atomic"
                            },
                            "matchLabels": {
                              "additionalProperties": {
                                "type": "string"
                              },
                              "description": "matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels\nmap is equivalent to an element of matchExpressions, whose key field is \"key\", the\noperator is \"In\", and the values array contains only \"value\". The requirements are ANDed.",
                              "type": "object"
                            },
                            "resourceNames": {
                              "description": "ResourceNames is a list of resource names to match\nIf specified, the resource must have one of these exact names to match the selector",
                              "items": {
                                "type": "string"
                              },
                              "type": "array"
                            }
                          },
                          "type": "object",
                          "x-kubernetes-map-type": "atomic"
                        },
                        "type": "array"
                      },
                      "include": {
                        "description": "Include contains an array of resource selectors that target resources.\nIf a resource matches the selector in any of the elements in the array, and\nmatches none of the selectors in the exclude array that resource is marked\nas a tenant resource and is visible to users.",
                        "items": {
                          "description": "ApplicationDefinitionResourceSelector extends metav1.LabelSelector with resourceNames support.\nA resource matches this selector only if it satisfies ALL criteria:\n- Label selector conditions (matchExpressions and matchLabels)\n- AND has a name that matches one of the names in resourceNames (if specified)\n\nThe resourceNames field supports Go templates with the following variables available:\n- {{ .name }}: The name of the managing application (from apps.cozystack.io/application.name)\n- {{ .kind }}: The lowercased kind of the managing application (from apps.cozystack.io/application.kind)\n- {{ .namespace }}: The namespace of the resource being processed\n\nExample YAML:\n\n\tsecrets:\n\t  include:\n\t  - matchExpressions:\n\t    - key: badlabel\n\t      operator: DoesNotExist\n\t    matchLabels:\n\t      goodlabel: goodvalue\n\t    resourceNames:\n\t    - \"{{ .name }}-secret\"\n\t    - \"{{ .kind }}-{{ .name }}-tls\"\n\t    - \"specificname\"",
                          "properties": {
                            "matchExpressions": {
                              "description": "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
                              "items": {
                                "description": "A label selector requirement is a selector that contains values, a key, and an operator that\nrelates the key and values.",
                                "properties": {
                                  "key": {
                                    "description": "key is the label key that the selector applies to.",
                                    "type": "string"
                                  },
                                  "operator": {
                                    "description": "operator represents a key's relationship to a set of values.\nValid operators are In, NotIn, Exists and DoesNotExist.",
                                    "type": "string"
                                  },
                                  "values": {
                                    "description": "values is an array of string values. If the operator is In or NotIn,\nthe values array must be non-empty. If the operator is Exists or DoesNotExist,\nthe values array must be empty. This array is replaced during a strategic\nmerge patch.",
                                    "items": {
                                      "type": "string"
                                    },
                                    "type": "array",
                                    "x-kubernetes-list-type": "atomic"
                                  }
                                },
                                "required": [
                                  "key",
                                  "operator"
                                ],
                                "type": "object"
                              },
                              "type": "array",
                              "x-kubernetes-list-type": "atomic"
                            },
                            "matchLabels": {
                              "additionalProperties": {
                                "type": "string"
                              },
                              "description": "matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels\nmap is equivalent to an element of matchExpressions, whose key field is \"key\", the\noperator is \"In\", and the values array contains only \"value\". The requirements are ANDed.",
                              "type": "object"
                            },
                            "resourceNames": {
                              "description": "ResourceNames is a list of resource names to match\nIf specified, the resource must have one of these exact names to match the selector",
                              "items": {
                                "type": "string"
                              },
                              "type": "array"
                            }
                          },
                          "type": "object",
                          "x-kubernetes-map-type": "atomic"
                        },
                        "type": "array"
                      }
                    },
                    "type": "object"
                  },
                  "release": {
                    "description": "Release configuration",
                    "properties": {
                      "chartRef": {
                        "description": "Reference to the chart source",
                        "properties": {
                          "apiVersion": {
                            "description": "APIVersion of the referent.",
                            "type": "string"
                          },
                          "kind": {
                            "description": "Kind of the referent.",
                            "enum": [
                              "OCIRepository",
                              "HelmChart",
                              "ExternalArtifact"
                            ],
                            "type": "string"
                          },
                          "name": {
                            "description": "Name of the referent.",
                            "maxLength": 253,
                            "minLength": 1,
                            "type": "string"
                          },
                          "namespace": {
                            "description": "Namespace of the referent, defaults to the namespace of the Kubernetes\nresource object that contains the reference.",
                            "maxLength": 63,
                            "minLength": 1,
                            "type": "string"
                          }
                        },
                        "required": [
                          "kind",
                          "name"
                        ],
                        "type": "object"
                      },
                      "healthCheckExprs": {
                        "description": "HealthCheckExprs maps to HelmReleaseSpec.HealthCheckExprs — CEL health\nexpressions for the custom resource(s) this application renders, so the\nHelmRelease reports Ready only when the CR is actually healthy instead of\nas soon as helm applies it. OpenAPI validates only the struct shape, not\nthat the CEL compiles or that the referenced apiVersion/kind CRD is\ninstalled; a bad expression or a not-yet-installed CRD makes the\nHelmRelease hang until its timeout (the backstop).\nUpstream evaluates these only when the Helm action itself has wait\nenabled, so the release.cozystack.io/helm-install-disable-wait annotation\nmakes them a silent no-op whatever waitStrategy says: the HelmRelease\nreports Ready as soon as helm applies the CR, with no error or warning.",
                        "items": {
                          "description": "CustomHealthCheck defines the health check for custom resources.",
                          "properties": {
                            "apiVersion": {
                              "description": "APIVersion of the custom resource under evaluation.",
                              "type": "string"
                            },
                            "current": {
                              "description": "Current is the CEL expression that determines if the status\nof the custom resource has reached the desired state.",
                              "type": "string"
                            },
                            "failed": {
                              "description": "Failed is the CEL expression that determines if the status\nof the custom resource has failed to reach the desired state.",
                              "type": "string"
                            },
                            "inProgress": {
                              "description": "InProgress is the CEL expression that determines if the status\nof the custom resource has not yet reached the desired state.",
                              "type": "string"
                            },
                            "kind": {
                              "description": "Kind of the custom resource under evaluation.",
                              "type": "string"
                            }
                          },
                          "required": [
                            "apiVersion",
                            "current",
                            "kind"
                          ],
                          "type": "object"
                        },
                        "type": "array"
                      },
                      "labels": {
                        "additionalProperties": {
                          "type": "string"
                        },
                        "description": "Labels for the release",
                        "type": "object"
                      },
                      "prefix": {
                        "description": "Prefix for the release name",
                        "type": "string"
                      },
                      "waitStrategy": {
                        "description": "WaitStrategy maps to HelmReleaseSpec.WaitStrategy.Name — a deliberate\nscalar simplification of the upstream {name} object, since there is only\none value to set. One of poller|legacy. When healthCheckExprs is set and\nthis is empty, the generated HelmRelease defaults to poller, because\nhealthCheckExprs are only evaluated under the poller wait strategy.",
                        "enum": [
                          "poller",
                          "legacy"
                        ],
                        "type": "string"
                      }
                    },
                    "required": [
                      "chartRef",
                      "prefix"
                    ],
                    "type": "object"
                  },
                  "secrets": {
                    "description": "Secret selectors",
                    "properties": {
                      "exclude": {
                        "description": "Exclude contains an array of resource selectors that target resources.\nIf a resource matches the selector in any of the elements in the array, it is\nhidden from the user, regardless of the matches in the include array.",
                        "items": {
                          "description": "ApplicationDefinitionResourceSelector extends metav1.LabelSelector with resourceNames support.\nA resource matches this selector only if it satisfies ALL criteria:\n- Label selector conditions (matchExpressions and matchLabels)\n- AND has a name that matches one of the names in resourceNames (if specified)\n\nThe resourceNames field supports Go templates with the following variables available:\n- {{ .name }}: The name of the managing application (from apps.cozystack.io/application.name)\n- {{ .kind }}: The lowercased kind of the managing application (from apps.cozystack.io/application.kind)\n- {{ .namespace }}: The namespace of the resource being processed\n\nExample YAML:\n\n\tsecrets:\n\t  include:\n\t  - matchExpressions:\n\t    - key: badlabel\n\t      operator: DoesNotExist\n\t    matchLabels:\n\t      goodlabel: goodvalue\n\t    resourceNames:\n\t    - \"{{ .name }}-secret\"\n\t    - \"{{ .kind }}-{{ .name }}-tls\"\n\t    - \"specificname\"",
                          "properties": {
                            "matchExpressions": {
                              "description": "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
                              "items": {
                                "description": "A label selector requirement is a selector that contains values, a key, and an operator that\nrelates the key and values.",
                                "properties": {
                                  "key": {
                                    "description": "key is the label key that the selector applies to.",
                                    "type": "string"
                                  },
                                  "operator": {
                                    "description": "operator represents a key's relationship to a set of values.\nValid operators are In, NotIn, Exists and DoesNotExist.",
                                    "type": "string"
                                  },
                                  "values": {
                                    "description": "values is an array of string values. If the operator is In or NotIn,\nthe values array must be non-empty. If the operator is Exists or DoesNotExist,\nthe values array must be empty. This array is replaced during a strategic\nmerge patch.",
                                    "items": {
                                      "type": "string"
                                    },
                                    "type": "array",
                                    "x-kubernetes-list-type": "atomic"
                                  }
                                },
                                "required": [
                                  "key",
                                  "operator"
                                ],
                                "type": "object"
                              },
                              "type": "array",
                              "x-kubernetes-list-type": "atomic"
                            },
                            "matchLabels": {
                              "additionalProperties": {
                                "type": "string"
                              },
                              "description": "matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels\nmap is equivalent to an element of matchExpressions, whose key field is \"key\", the\noperator is \"In\", and the values array contains only \"value\". The requirements are ANDed.",
                              "type": "object"
                            },
                            "resourceNames": {
                              "description": "ResourceNames is a list of resource names to match\nIf specified, the resource must have one of these exact names to match the selector",
                              "items": {
                                "type": "string"
                              },
                              "type": "array"
                            }
                          },
                          "type": "object",
                          "x-kubernetes-map-type": "atomic"
                        },
                        "type": "array"
                      },
                      "include": {
                        "description": "Include contains an array of resource selectors that target resources.\nIf a resource matches the selector in any of the elements in the array, and\nmatches none of the selectors in the exclude array that resource is marked\nas a tenant resource and is visible to users.",
                        "items": {
                          "description": "ApplicationDefinitionResourceSelector extends metav1.LabelSelector with resourceNames support.\nA resource matches this selector only if it satisfies ALL criteria:\n- Label selector conditions (matchExpressions and matchLabels)\n- AND has a name that matches one of the names in resourceNames (if specified)\n\nThe resourceNames field supports Go templates with the following variables available:\n- {{ .name }}: The name of the managing application (from apps.cozystack.io/application.name)\n- {{ .kind }}: The lowercased kind of the managing application (from apps.cozystack.io/application.kind)\n- {{ .namespace }}: The namespace of the resource being processed\n\nExample YAML:\n\n\tsecrets:\n\t  include:\n\t  - matchExpressions:\n\t    - key: badlabel\n\t      operator: DoesNotExist\n\t    matchLabels:\n\t      goodlabel: goodvalue\n\t    resourceNames:\n\t    - \"{{ .name }}-secret\"\n\t    - \"{{ .kind }}-{{ .name }}-tls\"\n\t    - \"specificname\"",
                          "properties": {
                            "matchExpressions": {
                              "description": "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
                              "items": {
                                "description": "A label selector requirement is a selector that contains values, a key, and an operator that\nrelates the key and values.",
                                "properties": {
                                  "key": {
                                    "description": "key is the label key that the selector applies to.",
                                    "type": "string"
                                  },
                                  "operator": {
                                    "description": "operator represents a key's relationship to a set of values.\nValid operators are In, NotIn, Exists and DoesNotExist.",
                                    "type": "string"
                                  },
                                  "values": {
                                    "description": "values is an array of string values. If the operator is In or NotIn,\nthe values array must be non-empty. If the operator is Exists or DoesNotExist,\nthe values array must be empty. This array is replaced during a strategic\nmerge patch.",
                                    "items": {
                                      "type": "string"
                                    },
                                    "type": "array",
                                    "x-kubernetes-list-type": "atomic"
                                  }
                                },
                                "required": [
                                  "key",
                                  "operator"
                                ],
                                "type": "object"
                              },
                              "type": "array",
                              "x-kubernetes-list-type": "atomic"
                            },
                            "matchLabels": {
                              "additionalProperties": {
                                "type": "string"
                              },
                              "description": "matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels\nmap is equivalent to an element of matchExpressions, whose key field is \"key\", the\noperator is \"In\", and the values array contains only \"value\". The requirements are ANDed.",
                              "type": "object"
                            },
                            "resourceNames": {
                              "description": "ResourceNames is a list of resource names to match\nIf specified, the resource must have one of these exact names to match the selector",
                              "items": {
                                "type": "string"
                              },
                              "type": "array"
                            }
                          },
                          "type": "object",
                          "x-kubernetes-map-type": "atomic"
                        },
                        "type": "array"
                      }
                    },
                    "type": "object"
                  },
                  "services": {
                    "description": "Service selectors",
                    "properties": {
                      "exclude": {
                        "description": "Exclude contains an array of resource selectors that target resources.\nIf a resource matches the selector in any of the elements in the array, it is\nhidden from the user, regardless of the matches in the include array.",
                        "items": {
                          "description": "ApplicationDefinitionResourceSelector extends metav1.LabelSelector with resourceNames support.\nA resource matches this selector only if it satisfies ALL criteria:\n- Label selector conditions (matchExpressions and matchLabels)\n- AND has a name that matches one of the names in resourceNames (if specified)\n\nThe resourceNames field supports Go templates with the following variables available:\n- {{ .name }}: The name of the managing application (from apps.cozystack.io/application.name)\n- {{ .kind }}: The lowercased kind of the managing application (from apps.cozystack.io/application.kind)\n- {{ .namespace }}: The namespace of the resource being processed\n\nExample YAML:\n\n\tsecrets:\n\t  include:\n\t  - matchExpressions:\n\t    - key: badlabel\n\t      operator: DoesNotExist\n\t    matchLabels:\n\t      goodlabel: goodvalue\n\t    resourceNames:\n\t    - \"{{ .name }}-secret\"\n\t    - \"{{ .kind }}-{{ .name }}-tls\"\n\t    - \"specificname\"",
                          "properties": {
                            "matchExpressions": {
                              "description": "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
                              "items": {
                                "description": "A label selector requirement is a selector that contains values, a key, and an operator that\nrelates the key and values.",
                                "properties": {
                                  "key": {
                                    "description": "key is the label key that the selector applies to.",
                                    "type": "string"
                                  },
                                  "operator": {
                                    "description": "operator represents a key's relationship to a set of values.\nValid operators are In, NotIn, Exists and DoesNotExist.",
                                    "type": "string"
                                  },
                                  "values": {
                                    "description": "values is an array of string values. If the operator is In or NotIn,\nthe values array must be non-empty. If the operator is Exists or DoesNotExist,\nthe values array must be empty. This array is replaced during a strategic\nmerge patch.",
                                    "items": {
                                      "type": "string"
                                    },
                                    "type": "array",
                                    "x-kubernetes-list-type": "atomic"
                                  }
                                },
                                "required": [
                                  "key",
                                  "operator"
                                ],
                                "type": "object"
                              },
                              "type": "array",
                              "x-kubernetes-list-type": "atomic"
                            },
                            "matchLabels": {
                              "additionalProperties": {
                                "type": "string"
                              },
                              "description": "matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels\nmap is equivalent to an element of matchExpressions, whose key field is \"key\", the\noperator is \"In\", and the values array contains only \"value\". The requirements are ANDed.",
                              "type": "object"
                            },
                            "resourceNames": {
                              "description": "ResourceNames is a list of resource names to match\nIf specified, the resource must have one of these exact names to match the selector",
                              "items": {
                                "type": "string"
                              },
                              "type": "array"
                            }
                          },
                          "type": "object",
                          "x-kubernetes-map-type": "atomic"
                        },
                        "type": "array"
                      },
                      "include": {
                        "description": "Include contains an array of resource selectors that target resources.\nIf a resource matches the selector in any of the elements in the array, and\nmatches none of the selectors in the exclude array that resource is marked\nas a tenant resource and is visible to users.",
                        "items": {
                          "description": "ApplicationDefinitionResourceSelector extends metav1.LabelSelector with resourceNames support.\nA resource matches this selector only if it satisfies ALL criteria:\n- Label selector conditions (matchExpressions and matchLabels)\n- AND has a name that matches one of the names in resourceNames (if specified)\n\nThe resourceNames field supports Go templates with the following variables available:\n- {{ .name }}: The name of the managing application (from apps.cozystack.io/application.name)\n- {{ .kind }}: The lowercased kind of the managing application (from apps.cozystack.io/application.kind)\n- {{ .namespace }}: The namespace of the resource being processed\n\nExample YAML:\n\n\tsecrets:\n\t  include:\n\t  - matchExpressions:\n\t    - key: badlabel\n\t      operator: DoesNotExist\n\t    matchLabels:\n\t      goodlabel: goodvalue\n\t    resourceNames:\n\t    - \"{{ .name }}-secret\"\n\t    - \"{{ .kind }}-{{ .name }}-tls\"\n\t    - \"specificname\"",
                          "properties": {
                            "matchExpressions": {
                              "description": "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
                              "items": {
                                "description": "A label selector requirement is a selector that contains values, a key, and an operator that\nrelates the key and values.",
                                "properties": {
                                  "key": {
                                    "description": "key is the label key that the selector applies to.",
                                    "type": "string"
                                  },
                                  "operator": {
                                    "description": "operator represents a key's relationship to a set of values.\nValid operators are In, NotIn, Exists and DoesNotExist.",
                                    "type": "string"
                                  },
                                  "values": {
                                    "description": "values is an array of string values. If the operator is In or NotIn,\nthe values array must be non-empty. If the operator is Exists or DoesNotExist,\nthe values array must be empty. This array is replaced during a strategic\nmerge patch.",
                                    "items": {
                                      "type": "string"
                                    },
                                    "type": "array",
                                    "x-kubernetes-list-type": "atomic"
                                  }
                                },
                                "required": [
                                  "key",
                                  "operator"
                                ],
                                "type": "object"
                              },
                              "type": "array",
                              "x-kubernetes-list-type": "atomic"
                            },
                            "matchLabels": {
                              "additionalProperties": {
                                "type": "string"
                              },
                              "description": "matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels\nmap is equivalent to an element of matchExpressions, whose key field is \"key\", the\noperator is \"In\", and the values array contains only \"value\". The requirements are ANDed.",
                              "type": "object"
                            },
                            "resourceNames": {
                              "description": "ResourceNames is a list of resource names to match\nIf specified, the resource must have one of these exact names to match the selector",
                              "items": {
                                "type": "string"
                              },
                              "type": "array"
                            }
                          },
                          "type": "object",
                          "x-kubernetes-map-type": "atomic"
                        },
                        "type": "array"
                      }
                    },
                    "type": "object"
                  }
                },
                "required": [
                  "application",
                  "release"
                ],
                "type": "object"
              }
            },
            "type": "object"
          }
        },
        "served": true,
        "storage": true
      }
    ]
  }
};
