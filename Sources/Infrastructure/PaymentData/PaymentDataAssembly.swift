public import Foundation
package import Networking
public import PaymentInterface

/// The only door into PaymentData: builds the gateway and returns it as the interface.
public enum PaymentDataAssembly {
  /// A live payment provider at `baseURL`, over HTTP.
  public static func gateway(baseURL: URL) -> any PaymentGateway {
    gateway(transport: URLSessionTransport(baseURL: baseURL))
  }

  /// The provider reached through `transport`: the embedded payment sandbox in the demo and the
  /// tests. Transient failures are retried with the same idempotency key, `retryPolicy` bounding
  /// how often.
  package static func gateway(
    transport: any HTTPTransport, retryPolicy: RetryPolicy = .standard
  ) -> any PaymentGateway {
    ProviderPaymentGateway(
      client: HTTPClient(transport: transport, timeout: .seconds(30), retryPolicy: retryPolicy))
  }
}
