export default function CheckoutPage() {
  return null;
}
